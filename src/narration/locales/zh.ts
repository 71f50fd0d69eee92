import type { Locale } from './locale.js';

export const ZH: Locale = {
  colourNames: {
    black: '黑色',
    dark_brown: '深棕色',
    brown: '棕色',
    light_brown: '浅棕色',
    red: '红色',
    dark_red: '暗红色',
    pink: '粉色',
    orange: '橙色',
    yellow: '黄色',
    pale_yellow: '淡黄色',
    amber: '琥珀色',
    green: '绿色',
    grey: '灰色',
    white: '白色',
    blue_purple: '蓝色或紫色',
  },
  joinList: (items) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join('、')}和${items.at(-1)}`),
  quality: {
    too_dark: {
      label: '照片太暗，无法评估',
      summary: (subject) => `这张${subject}照片太暗，无法可靠地判断颜色，因此未做评估。`,
      retakeTip: '请在自然光或明亮的白色室内灯光下重新拍摄，不要使用彩色灯光。',
    },
    overexposed: {
      label: '照片太亮，无法评估',
      summary: (subject) => `这张${subject}照片太亮，颜色已经发白失真，因此未做评估。`,
      retakeTip: '请避开阳光直射，并避免闪光灯反光，然后重新拍摄。',
    },
    blurred: {
      label: '照片太模糊，无法评估',
      summary: (subject) => `这张${subject}照片太模糊，无法看清细节，因此未做评估。`,
      retakeTip: '请将手机稳定地保持在 20 到 30 厘米的距离，点击屏幕对焦后重新拍摄。',
    },
    no_colour: {
      label: '照片没有颜色',
      summary: (subject) =>
        `这张${subject}照片没有可用的颜色（黑白、棕褐色调、滤镜或夜视模式），而本项分析依靠颜色判断，因此未做评估。`,
      retakeTip: '请关闭滤镜和夜间模式，在自然光或明亮的白光下重新拍一张彩色照片。',
    },
    no_subject: {
      label: '照片中没有清晰的拍摄对象',
      summary: (subject) => `照片中没有能与背景清楚区分开的${subject}，因此未做评估。`,
      retakeTip: '请重新拍摄，让拍摄对象位于画面中央、约占画面的三分之一，并放在与其颜色不同的素色平面上。',
    },
    not_found: {
      label: '照片中未找到所需对象',
      summary: (subject) => `照片中没有找到${subject}，因此未做评估。`,
      retakeTip: '请靠近一些，从上方拍摄，让它完整地出现在画面中，并保持对焦、光线充足。',
    },
    in_shadow: {
      label: '处于深色阴影中',
      summary: (subject) =>
        `照片中的${subject}大部分处于深色阴影中，暗成了一片黑色，无法区分黑色和深棕色，因此未做评估。`,
      retakeTip: '请在均匀的自然光下重新拍摄，不要让阴影（包括您自己的影子）落在上面，也不要使用高对比度滤镜。',
    },
    red_light: {
      label: '光线或表面偏红',
      summary: (subject) =>
        `${subject}周围的地面和${subject}本身差不多一样红：暖色光线、滤镜或红色表面使照片偏红，无法把${subject}中的红色与血液区分开，因此未做评估。`,
      retakeTip: '请在自然光或白光下、不使用滤镜、在非红色的表面上重新拍摄。',
    },
    faint_find: {
      label: '发现得太模糊，无法判断颜色',
      summary: (subject) =>
        `可能是${subject}的东西只在第二次、更靠近的查看中才被发现，在照片中很小或不清楚；它的颜色本会意味着一项异常发现，而如此模糊的发现不足以支撑这一结论（地上的树叶、小坑或阴影看起来也可能一样），因此未做评估。`,
      retakeTip: '请靠近一些，从上方拍摄，让它占画面约三分之一，并保持光线均匀。',
    },
    too_small: {
      label: '照片中的动物太小',
      summary: (minPercent) =>
        `照片中没有足够大、可以判断的对象：可能是动物的部分不到画面的 ${minPercent}%，因此未做评估。`,
      retakeTip: '请靠近重新拍摄，让宠物至少占满画面的三分之一。',
    },
  },
  wrongSubject: {
    label: '照片类型不符',
    sentence: (shows, subject) => {
      const seen = (what: string) => `这看起来是一张${what}的照片，而不是${subject}的照片，因此未做评估。`;
      switch (shows.kind) {
        case 'animal':
          return seen(
            shows.count > 1
              ? `有${shows.count}只动物${shows.name ? `（${shows.name.zh}）` : ''}`
              : (shows.name?.zh ?? '动物'),
          );
        case 'pet':
          return `这看起来是一张${shows.name.zh}的照片，而不是${subject}的特写，因此未做评估。`;
        case 'person':
          return seen('人物');
        case 'object':
          return seen(shows.name?.zh ?? `“${shows.label}”`);
        case 'no_animal':
          return '照片中看不到动物，因此未做评估。';
        case 'no_animal_part':
          return `照片中没有任何看起来像动物身体一部分（毛发或皮肤）的内容，因此未将其视为${subject}的特写，未做评估。`;
        case 'graphic':
          return `这看起来是一幅图画、标志、截图或其他图形，而不是${subject}的照片，因此未做评估。`;
        case 'cut_out':
          return `这看起来是抠出后放在纯白背景上的图片（剪贴画、贴纸或图库照片），而不是在原处拍摄的${subject}照片，因此未做评估。`;
        case 'part_of_animal':
          return `这看起来是动物身体某一部分（面部、毛发或皮肤）的特写，而不是整只${subject}的照片，因此未做评估。`;
        case 'round_view':
          return `这看起来是显微镜或眼底相机下的圆形视野，而不是${subject}的照片，因此未做评估。`;
        case 'described':
          return shows.description
            ? `读取照片的语言模型认为照片显示的是${shows.description}，而不是${subject}，因此未做评估。`
            : `读取照片的语言模型认为照片中没有${subject}，因此未做评估。`;
        case 'landscape':
          if (shows.what === 'greenery')
            return `这看起来是一张在户外植物间或草地上拍摄的照片，而不是${subject}的特写，因此未做评估。`;
          return `这看起来是一张远距离拍摄的照片，画面大部分是${{ grass: '草地', sky: '天空', ground: '户外地面' }[shows.what]}，而不是${subject}的特写，因此未做评估。`;
        case 'food':
          return seen('食物或饮料');
        case 'stool':
          return seen('地上粪便');
        default: {
          const unknown: never = shows;
          throw new Error(`no sentence for ${JSON.stringify(unknown)}`);
        }
      }
    },
  },
  unverifiedSentence: '这台服务器没有安装物体检测模型，因此没有核实照片拍的是否是所要求的对象。',
  locatedSentence: (count, subject) => `pawlens 在照片中找到了 ${count} 处${subject}，颜色取自其中最大的一处。`,
  unlocatedSentence: (subject) => `这台服务器没有安装定位${subject}的模型，因此颜色取自画面中与背景不同的部分。`,
  unverifiedUnlocatedSentence: (subject) =>
    `这台服务器没有安装场景模型，因此既没有核实照片拍的是否是所要求的对象，也没有在照片中定位${subject}。`,
  prompt: {
    languageName: '简体中文',
    system: (languageName) =>
      `你是 pawlens，一个为宠物主人撰写内容的兽医分诊助手。你会看到一张照片，以及本机模型从照片中测得的数据。所有文本字段都用${languageName}书写。只回答一个符合给定结构的 JSON 对象，不要输出其他内容。只描述看得见的内容，不要做诊断。测量结果来自简单的模型，只作参考，请描述照片实际显示的内容；但注明必须保留的内容（危险信号、训练模型的标签）必须保留。`,
    measuredHeading: '本机模型的测量结果（仅供参考，注明必须保留的除外）：',
    fieldsHeading: '需要填写的字段：',
    rulesHeading: '规则：',
    fieldHelp: {
      summary: '2 到 4 句：看到了什么、可能意味着什么，以及凭照片判断的一个局限',
      home_care: '至少 2 条主人可以采取的具体措施',
      vet_advice: '具体的就医建议，需要时写明紧急程度；不需要就医时为空列表',
      confidence: '0 到 100 之间的整数：把握程度（百分比）',
      photo_shows: '照片实际拍到的内容，用几个词描述（例如“一面砖墙”“躺在草地上的狗”）',
      shows_subject:
        '照片拍到的是任务所问的对象且足够清楚可以判断时为 true；拍到的是别的东西（图画、物品、并非所问部位的动物其他部位）时为 false',
    },
    severityHelp: (values) => `以下之一：${values}；照片无法判断时用 inconclusive`,
    rules: {
      summary: '摘要保持 2 到 4 句。',
      home_care: '至少给出 2 条针对所见情况的 home_care。',
      severity: '如果照片没有清楚显示对象，severity 用 "inconclusive"，并说明如何重拍。',
    },
    ownerSays: (animalType) => `主人说这只动物是：${animalType}。`,
    sceneLine: (objects) => `物体检测模型看到：${objects}。`,
    sceneObject: (name, sure, frame) => `${name}（把握 ${sure}%，占画面 ${frame}%）`,
    sceneUnverified: '没有安装物体检测模型，因此未核实照片中拍的是什么。',
    retryHeading: '你上一次的回答因以下原因未被接受；请用修正后的 JSON 重新回答：',
    issues: {
      format_ignored: () => '回答是普通文字：请只用结构所描述的一个 JSON 对象回答，不要写其他内容。',
      not_json: () => '回答不是一个完整的 JSON 对象。',
      truncated: () => '回答被截断了：请把每个字段写得更短。',
      wrong_language: (issue) => `${issue.field} 没有用简体中文书写。`,
      too_long: (issue) => `${issue.field} 太长：最多 ${issue.limit} 个字符。`,
      too_many: (issue) => `${issue.field} 的条目太多：最多 ${issue.limit} 条。`,
      too_few: (issue) => `${issue.field} 至少需要 ${issue.limit} 条。`,
      too_big: (issue) => `${issue.field} 不能大于 ${issue.limit}。`,
      too_small: (issue) => `${issue.field} 不能小于 ${issue.limit}。`,
      not_allowed: (issue) => `${issue.field} 必须是以下之一：${issue.allowed.join('、')}。`,
      missing: (issue) => `${issue.field} 缺失或为空。`,
      wrong_type: (issue) => `${issue.field} 的类型不对。`,
      sentences: (issue) => `${issue.field} 必须是 2 到 4 句。`,
      unknown_field: (issue) => `${issue.field} 不是结构中的字段：请删去。`,
      invalid: (issue) => `${issue.field} 无效。`,
    },
  },
};
