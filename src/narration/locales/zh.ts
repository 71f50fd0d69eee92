import type { Locale } from './locale.js';

const SEE_VET_TODAY = '请今天就带宠物看兽医';

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
  observationSentence: (operation, colours) => {
    switch (operation) {
      case 'skin':
        return `照片中皮肤的色调以${colours}为主。`;
      case 'ear':
        return `照片中耳道的色调以${colours}为主。`;
      case 'stool':
        return `照片中的粪便主要呈${colours}。`;
      case 'vomit':
        return `照片中的呕吐物主要呈${colours}。`;
      case 'urine':
        return `照片中的尿液主要呈${colours}。`;
      default: {
        const unknown: never = operation;
        throw new Error(`no observation sentence for ${String(unknown)}`);
      }
    }
  },
  limitationSentence: {
    stool: '照片只能反映颜色，因此未评估粪便的软硬程度、黏液、虫体以及混在粪便内部的血液。',
    vomit: '照片无法显示宠物呕吐的频率，也无法显示它是否有干呕（想吐却吐不出东西），而这些与颜色同样重要。',
    urine: '照片中的颜色会受光线和背景表面的影响，也无法衡量尿液浓度或判断是否感染；这些需要通过尿检来确定。',
    skin: '仅凭颜色无法识别寄生虫、过敏或皮肤变化的原因。',
    ear: '外耳道的照片无法显示鼓膜和更深处的耳道，而许多耳部问题正是从那里开始的。',
  },
  findings: {
    stool: {
      melena: {
        label: '黑色、柏油样',
        meaning: '黑色柏油样粪便可能含有来自胃或小肠的已消化血液（黑便），不过补铁剂、铋剂或活性炭也会使粪便变黑。',
        homeCare: [
          '将新鲜粪便样本装入密封袋，带给兽医。',
          '记下宠物服用过的所有药物或补充剂，特别是铁剂、铋剂或活性炭。',
          '在安排就诊期间，留意宠物是否出现虚弱、牙龈苍白、呕吐或腹部肿胀。',
        ],
        vetAdvice: [`${SEE_VET_TODAY}：黑色柏油样粪便可能意味着上消化道出血。`],
      },
      heavy_blood: {
        label: '大量带血',
        meaning: '大量红色提示下消化道有明显的新鲜出血。',
        homeCare: ['让宠物保持安静、待在室内，并随时提供饮水。', '把新鲜样本或今天每次排便的照片带给兽医。'],
        vetAdvice: [`${SEE_VET_TODAY}：粪便中大量带血需要尽快检查；如果宠物虚弱或牙龈苍白，请去急诊动物医院。`],
      },
      fresh_blood: {
        label: '带有红色血丝',
        meaning: '红色血丝通常表示来自下消化道的新鲜血液（便血），常见原因包括结肠炎、排便用力或寄生虫。',
        homeCare: [
          '一两天内少量多餐地喂清淡食物，并提供充足的饮水。',
          '检查接下来的粪便，记录血量是增加、不变还是消失。',
          '留取新鲜样本，用于寄生虫检查。',
        ],
        vetAdvice: ['请在一两天内预约兽医；如果出血增多、出现呕吐或宠物显得疲倦，请尽早就诊。'],
      },
      pale_clay: {
        label: '灰色或陶土色',
        meaning: '灰色或陶土色粪便可能表示胆色素过少，提示可能存在肝脏、胆管或胰腺问题。',
        homeCare: [
          '记录看到几次颜色偏浅的粪便，以及粪便是否油腻或量特别大。',
          '留意牙龈或眼睛是否发黄，以及是否有呕吐或体重下降。',
        ],
        vetAdvice: ['请在接下来几天内安排兽医检查；反复出现浅色粪便需要做血液检查。'],
      },
      yellow_orange: {
        label: '黄色或橙色',
        meaning: '黄色或橙色粪便常见于食物通过肠道过快，有时也与肝脏或胆汁问题有关。',
        homeCare: ['保持饮食稳定，几天内避免新的零食或油腻丰盛的食物。', '确保随时都有新鲜饮水。'],
        vetAdvice: ['如果黄色或橙色粪便持续超过两天，或牙龈、眼睛看起来发黄，请带宠物看兽医。'],
      },
      green: {
        label: '绿色',
        meaning: '绿色粪便通常是因为吃了草或植物，或者胆汁较快地通过了肠道。',
        homeCare: ['检查宠物是否吃过草或植物，以及其中是否有有毒植物。', '保持饮食稳定，并观察接下来几次的粪便。'],
        vetAdvice: [],
      },
      brown: {
        label: '棕色',
        meaning: '棕色是健康粪便应有的颜色。',
        homeCare: ['继续喂平常的食物，并保证有新鲜饮水。', '在日常护理中留意粪便的颜色和软硬程度。'],
        vetAdvice: [],
      },
      unclassified: {
        label: '无法判断',
        meaning: '这些颜色不符合 pawlens 能够解读的任何模式，因此未给出严重程度。',
        homeCare: ['在自然光下把粪便放在素色平面上重新拍照。', '留意宠物的食欲、精神状态和接下来的粪便。'],
        vetAdvice: ['如果您觉得粪便看起来异常，或宠物似乎不舒服，请咨询兽医。'],
      },
    },
    vomit: {
      coffee_grounds: {
        label: '咖啡渣样物质（可能是已消化的血液）',
        meaning: '看起来像咖啡渣的深棕色颗粒状物质，通常是来自胃部的已消化血液。',
        homeCare: ['在兽医检查之前先不要喂食。', '保留每次呕吐物的样本或照片，就诊时带上。'],
        vetAdvice: [`${SEE_VET_TODAY}：咖啡渣样呕吐物可能意味着胃出血。`],
      },
      heavy_blood: {
        label: '呕吐物带血',
        meaning: '大量红色提示口腔、咽喉或胃部有活动性出血。',
        homeCare: ['让宠物保持安静，并拿走食物。', '如果宠物愿意配合，检查口腔是否有伤口，但不要强行掰开。'],
        vetAdvice: [`${SEE_VET_TODAY}，必要时去急诊动物医院：大量呕血属于急症。`],
      },
      fresh_blood: {
        label: '呕吐物带新鲜血液',
        meaning: '红色血丝提示有新鲜血液，可能来自胃或咽喉受到的刺激，也可能是反复呕吐所致。',
        homeCare: ['先禁食几个小时，然后少量喂一顿清淡食物。', '记录宠物呕吐的频率，并保留照片。'],
        vetAdvice: ['呕吐物中有血，请今天联系兽医；如果反复呕吐或宠物虚弱，请立即联系。'],
      },
      bile: {
        label: '胆汁（黄色或绿色液体或泡沫）',
        meaning: '黄色或绿色泡沫通常是胆汁，常在空腹时出现。',
        homeCare: ['少量多餐，包括在晚上较晚的时候加一顿小餐。', '随时提供新鲜饮水，并记录每次呕吐的时间。'],
        vetAdvice: [],
      },
      possible_digested_blood: {
        label: '深棕色物质（可能是消化过的血液）',
        meaning: '深棕色的呕吐物可能是胃里消化过的血液（“咖啡渣样”），不过颜色深的食物或零食看起来也可能一样。',
        homeCare: [
          '在兽医看诊前先撤走食物，只少量多次地提供饮水。',
          '保留一份呕吐物样本或照片，并记下宠物最后吃了什么。',
        ],
        vetAdvice: ['请今天带宠物看兽医：深棕色呕吐物可能是消化过的血液，只有检查才能把它和食物区分开。'],
      },
      food: {
        label: '食物或干粮，可能未消化',
        meaning: '进食后不久吐出与食物颜色相近的物质，提示可能是反流或进食过快。',
        homeCare: ['使用慢食碗，或把每餐分成更小的份量。', '记录进食后多久发生，以及宠物是否咳嗽或作呕。'],
        vetAdvice: [],
      },
      foam: {
        label: '白色泡沫或黏液',
        meaning: '白色泡沫主要是空腹或受刺激的胃所产生的唾液和黏液。',
        homeCare: ['先禁食几个小时，然后少量喂清淡食物。', '少量多次地提供饮水。'],
        vetAdvice: [],
      },
      unclassified: {
        label: '无法判断',
        meaning: '这些颜色不符合 pawlens 能够解读的任何模式，因此未判定呕吐物类型。',
        homeCare: ['在自然光下把呕吐物放在素色平面上重新拍照。', '记录宠物呕吐的频率以及最后吃了什么。'],
        vetAdvice: ['如果宠物反复呕吐、干呕却吐不出东西，或显得虚弱，请立即联系兽医。'],
      },
    },
    urine: {
      brown_black: {
        label: '棕色至黑色',
        meaning: '棕色或很深的尿液可能含有血液色素或胆红素，需要尽快检查。',
        homeCare: ['用干净的容器收集新鲜尿样，带给兽医。', '记录宠物排尿的频率以及排尿时是否用力。'],
        vetAdvice: [`${SEE_VET_TODAY}：棕色或黑色尿液需要做尿液和血液检查。`],
      },
      blood: {
        label: '红色或粉色',
        meaning: '红色或粉色尿液通常表示有血，常由膀胱炎症、结石或感染引起。',
        homeCare: ['用干净的容器收集新鲜尿样。', '留意宠物排尿时是否用力、是否频繁少量排尿，或排尿时是否叫唤。'],
        vetAdvice: [`${SEE_VET_TODAY}；宠物（尤其是公猫）如果排尿用力却尿得很少或尿不出来，属于急症。`],
      },
      cloudy: {
        label: '黄色，看起来浑浊',
        meaning: '浑浊可能由细胞、结晶或感染引起。',
        homeCare: ['提供新鲜饮水或湿粮，鼓励宠物多喝水。', '记录宠物排尿的频率以及排尿时是否用力。'],
        vetAdvice: ['请在接下来几天内找兽医做尿液检查。'],
      },
      concentrated: {
        label: '深琥珀色',
        meaning: '深琥珀色尿液通常是浓缩尿，例如在喝水太少或天气炎热之后。',
        homeCare: ['确保随时都有新鲜饮水；如果宠物愿意吃，可以添加湿粮。', '在宠物充分喝水后再检查一次尿液颜色。'],
        vetAdvice: [],
      },
      normal_yellow: {
        label: '淡黄色至中等黄色',
        meaning: '淡黄色至中等黄色是尿液应有的颜色。',
        homeCare: ['随时提供新鲜饮水。', '在日常护理中留意宠物排尿的次数和尿量。'],
        vetAdvice: [],
      },
      very_dilute: {
        label: '几乎无色',
        meaning: '几乎无色的尿液非常稀，大量饮水后属于正常，但如果持续出现，也可能与肾脏或激素方面的疾病有关。',
        homeCare: ['大致记录宠物每天喝多少水。', '留意它是否排尿更频繁，或在不该排尿的地方排尿。'],
        vetAdvice: [],
      },
      unclassified: {
        label: '无法判断',
        meaning: '这些颜色不符合 pawlens 能够解读的任何模式，因此未给出严重程度。',
        homeCare: ['在自然光下，把尿液放在白色尿垫上或透明容器中重新拍照。', '记录宠物排尿的频率以及排尿时是否用力。'],
        vetAdvice: ['如果宠物排尿用力、排尿非常频繁或显得不舒服，请联系兽医。'],
      },
    },
    skin: {
      bleeding: {
        label: '可能出血或有开放性伤口',
        meaning: '暗红色区域提示有血液或开放性伤口。',
        homeCare: [
          '用生理盐水轻轻清洗，并防止宠物舔舐该部位，例如给它戴上伊丽莎白圈。',
          '如果仍在出血，用干净的布按压该部位。',
        ],
        vetAdvice: ['请在一天内让兽医检查伤口；如果伤口持续出血或较深，请立即就诊。'],
      },
      marked_redness: {
        label: '明显发红',
        meaning: '明显发红提示皮肤发炎，例如由过敏、感染或急性湿疹（“热点”）引起。',
        homeCare: ['阻止宠物舔或抓挠该部位。', '保持该部位清洁干燥，不要使用人用药膏。'],
        vetAdvice: ['请在几天内预约兽医；如果范围扩大、渗液或疼痛，请尽早就诊。'],
      },
      crust_discharge: {
        label: '黄色结痂或分泌物',
        meaning: '黄色结痂或分泌物可能表示皮肤感染。',
        homeCare: ['保持该部位清洁干燥，并防止舔舐。', '不要抠掉结痂；留意是否出现新的结痂。'],
        vetAdvice: ['请在几天内预约兽医：结痂和分泌物通常需要治疗。'],
      },
      redness: {
        label: '轻度发红',
        meaning: '可以看到一些发红，可能由刺激、抓挠或轻度过敏引起。',
        homeCare: ['防止舔舐和抓挠，并每天检查该部位。', '每天在相同光线下拍一张照片，以便对比。'],
        vetAdvice: [],
      },
      no_visible_change: {
        label: '未见发红或分泌物',
        meaning: '从颜色上看，没有明显的发红、血迹或分泌物。',
        homeCare: ['继续定期梳理毛发并做好驱虫。', '定期检查皮肤是否出现新的肿块、发红或脱毛。'],
        vetAdvice: [],
      },
      unclassified: {
        label: '照片无法判断',
        meaning: '这些颜色不符合 pawlens 能够解读的任何模式，因此未给出严重程度。',
        homeCare: ['拨开毛发，在光线充足处近距离重新拍照。', '留意宠物是否抓挠、舔舐，或皮肤变化是否扩大。'],
        vetAdvice: ['如果您担心皮肤状况，或宠物一直抓挠，请咨询兽医。'],
      },
    },
    ear: {
      discharge: {
        label: '黄色或绿色分泌物',
        meaning: '黄色或绿色分泌物提示细菌性耳部感染。',
        homeCare: ['不要把棉签伸进耳道。', '只用干净的湿布擦拭看得见的外耳部分。'],
        vetAdvice: ['请在一两天内带宠物看兽医：分泌物通常需要使用处方滴耳液。'],
      },
      mites_debris: {
        label: '深色碎屑（可能是耳螨）',
        meaning: '像咖啡渣一样的深色碎屑是耳螨的典型表现。',
        homeCare: ['检查家里的其他宠物，因为耳螨很容易传播。', '就诊前不要深入清洁耳道。'],
        vetAdvice: ['请在几天内预约兽医，以便在显微镜下检查这些碎屑。'],
      },
      inflamed: {
        label: '耳道发红、发炎',
        meaning: '耳道发红提示有炎症，可能由过敏、感染或草籽等异物引起。',
        homeCare: ['阻止宠物抓挠耳朵。', '避免耳朵进水。'],
        vetAdvice: ['请在几天内预约兽医；如果宠物甩头、歪头或叫唤，请尽早就诊。'],
      },
      yeast_wax: {
        label: '深棕色蜡状碎屑（可能是酵母菌）',
        meaning: '深棕色蜡状碎屑是酵母菌过度繁殖的典型表现。',
        homeCare: ['洗澡或游泳后保持耳朵干燥。', '不要把棉签塞进耳道。'],
        vetAdvice: ['请在几天内预约兽医：酵母菌感染需要使用合适的滴耳液。'],
      },
      mild_redness: {
        label: '轻度发红',
        meaning: '可以看到轻微发红，可能是早期的刺激。',
        homeCare: ['每天检查这只耳朵，并与另一只耳朵对比。', '保持耳朵干燥，不要深入清洁耳道。'],
        vetAdvice: [],
      },
      clean: {
        label: '未见发红、碎屑或分泌物',
        meaning: '淡粉色的耳道加上少量浅色耳垢，正是健康耳朵的样子。',
        homeCare: ['每周检查耳朵是否有异味、发红或碎屑。', '只清洁看得见的外耳部分，而且只在脏了的时候清洁。'],
        vetAdvice: [],
      },
      unclassified: {
        label: '照片无法判断',
        meaning: '这些颜色不符合 pawlens 能够解读的任何模式，因此未给出严重程度。',
        homeCare: ['在光线充足处近距离重新拍摄耳道口。', '留意宠物是否甩头、抓挠耳朵，或耳朵是否有异味。'],
        vetAdvice: ['如果宠物频繁甩头或抓挠耳朵，请咨询兽医。'],
      },
    },
  },
  stoolConsistency: '未评估（仅分析颜色）',
  urineClarity: { cloudy: '浑浊', clear: '未见浑浊（照片中难以判断）' },
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
    no_subject: {
      label: '照片中没有清晰的拍摄对象',
      summary: (subject) => `照片中没有能与背景清楚区分开的${subject}，因此未做评估。`,
      retakeTip: '请重新拍摄，让拍摄对象位于画面中央、约占画面的三分之一，并放在与其颜色不同的素色平面上。',
    },
  },
  subjectNames: {
    stool: '粪便',
    vomit: '呕吐物',
    urine: '尿液',
    skin: '皮肤',
    ear: '耳朵',
    emotion: '宠物',
    breed: '宠物',
  },
  wrongSubject: {
    label: '照片类型不符',
    sentence: (shows, subject) => {
      const seen = (what: string) => `这看起来是一张${what}的照片，而不是${subject}的照片，因此未做评估。`;
      switch (shows.kind) {
        case 'animal':
          return seen(shows.count > 1 ? `有${shows.count}只动物` : (shows.name?.zh ?? '动物'));
        case 'person':
          return seen('人物');
        case 'object':
          return seen(shows.name?.zh ?? `“${shows.label}”`);
        case 'no_animal':
          return '照片中看不到动物，因此未做评估。';
        case 'landscape':
          return `这看起来是一张远距离拍摄的照片，画面大部分是${shows.what === 'grass' ? '草地' : '天空'}，而不是${subject}的特写，因此未做评估。`;
        default: {
          const unknown: never = shows;
          throw new Error(`no sentence for ${JSON.stringify(unknown)}`);
        }
      }
    },
    retakeTip: {
      stool: '请只拍粪便本身：从上方近距离拍摄，放在素色的表面上，画面中不要有宠物或人。',
      vomit: '请只拍呕吐物本身：从上方近距离拍摄，放在素色的表面上，画面中不要有宠物或人。',
      urine: '请只拍尿液本身：放在白色尿垫上或透明容器中，画面中不要有宠物或人。',
      skin: '请拨开毛发，在光线充足处拍一张让皮肤占满画面的特写。',
      ear: '请在光线充足处拍一张让耳道口占满画面的特写。',
      emotion: '请发送一张能清楚看到宠物面部和身体的照片。',
      breed: '请发送一张能清楚看到宠物的照片，最好拍到整只动物。',
    },
  },
  unverifiedSentence: '这台服务器没有安装物体检测模型，因此没有核实照片拍的是否是所要求的对象。',
  qualityHomeCare: [
    '请在充足、均匀的光线下重新拍照，并确保拍摄对象对焦清晰。',
    '在此之前，请留意宠物的食欲、精神状态和排便排尿习惯是否有变化。',
  ],
  qualityVetAdvice: ['如果宠物看起来不舒服，请直接联系兽医，不必等待照片分析结果。'],
  emotion: {
    label: '未评估',
    summary:
      '情绪体现在姿势、耳朵、眼睛和尾巴上，而本机运行的模型并不解读这些信息，因此没有推断宠物的情绪状态。请根据宠物的行为判断它的情绪；如果它显得焦虑、疼痛或异常安静，请咨询兽医或动物行为专家。',
  },
  breed: {
    unknown: '未知',
    noAnimalSpecies: '未检测到动物',
    noAnimalBreed: '无',
    mixedBreed: '混种或无法识别的品种',
    noModel: () =>
      '这台 pawlens 服务器没有安装品种分类器，因此未识别物种和品种。管理员可以使用“pawlens models install recommended”命令安装一个。',
    noAnimal: (topLabel) => `照片中似乎没有宠物；分类器的最佳匹配是“${topLabel}”。`,
    noAnimalAdvice: '没有宠物的照片不会给出品种；请发送一张能清楚看到宠物的照片。',
    identified: ({ species, breed, percent, statedAnimal }) =>
      statedAnimal
        ? `请求中说明的是“${statedAnimal}”，但分类器识别出的是${species}，最可能的品种是${breed}（概率 ${percent}%）。`
        : `分类器识别出的是${species}，最可能的品种是${breed}（概率 ${percent}%）。`,
    speciesOnly: ({ species, percent, statedAnimal }) =>
      statedAnimal
        ? `请求中说明的是“${statedAnimal}”，但分类器识别出的是${species}（概率 ${percent}%），没有哪个品种特别突出。`
        : `分类器识别出的是${species}（概率 ${percent}%），但没有哪个品种特别突出。`,
    traits: ({ animals, percent, coat }) => {
      const look = `约占画面的${percent}%${coat ? `，毛色以${coat}为主` : ''}`;
      return animals > 1 ? `照片中有${animals}只动物，判断的是其中最大的一只，它${look}。` : `这只动物${look}。`;
    },
    alternatives: (breeds) => `也可能是：${breeds.map(({ name, percent }) => `${name}（${percent}%）`).join('、')}。`,
    limitation: '仅凭一张照片判断的品种只是估计：混种和幼年动物常被误判，只有 DNA 检测才能确认血统。',
  },
  prompt: {
    languageName: '简体中文',
    system: (languageName) =>
      `你是 pawlens，一个为宠物主人撰写内容的兽医分诊助手。你会看到一张照片，以及本机模型从照片中测得的数据。所有文本字段都用${languageName}书写。只回答一个符合给定结构的 JSON 对象，不要输出其他内容。只描述看得见的内容，不要做诊断，也不要与测量结果相矛盾。`,
    task: {
      stool:
        '评估照片中宠物的粪便：颜色、性状（粪便评分 1 为硬颗粒，2 为理想，直至 7 为水样）、黏液、血液、虫体或异物。',
      vomit: '描述照片中的呕吐物：最可能的类型（胆汁、食物、泡沫、鲜血、咖啡渣样物、异物）和颜色。',
      urine: '描述照片中的尿液：颜色和清澈度。',
      skin: '描述可见的皮肤状况：发红、伤口、结痂、皮屑、脱毛、寄生虫、肿块。',
      ear: '描述可见的耳道：发红、耳垢或碎屑（颜色和质地）、分泌物、肿胀。',
      emotion: '根据姿势、耳朵、眼睛、嘴巴和尾巴判断宠物当前最可能的情绪状态，并给出 0 到 1 的置信度。',
      breed: '识别动物的物种及最可能的品种或品种类别，并给出 0 到 1 的置信度。',
    },
    measuredHeading: '本机模型的测量结果：',
    fieldsHeading: '需要填写的字段：',
    rulesHeading: '规则：',
    fieldHelp: {
      severity: 'normal、mild、moderate 或 severe；照片无法判断时用 inconclusive',
      consistency: '用几个词描述粪便的性状或质地',
      vomit_type: '用几个词描述最可能的呕吐物类型',
      clarity: '清澈、略浑浊或浑浊',
      condition: '给主人看的简短标签，说明可见的情况',
      emotion: '用一两个词描述最可能的情绪状态',
      confidence: '0 到 1 之间的数字',
      species: '动物的物种',
      breed: '最可能的一个品种或品种类别',
      summary: '2 到 4 句：看到了什么、可能意味着什么，以及凭照片判断的一个局限',
      home_care: '至少 2 条主人可以采取的具体措施',
      vet_advice: '具体的就医建议，需要时写明紧急程度；不需要就医时为空列表',
    },
    rules: [
      '摘要保持 2 到 4 句。',
      '至少给出 2 条针对所见情况的 home_care。',
      '如果照片没有清楚显示对象，severity 用 "inconclusive"，并说明如何重拍。',
    ],
    coloursLine: (where, colours) => `${where === 'subject' ? '对象上' : '整张照片中'}测得的颜色：${colours}。`,
    findingLine: (label, severity) => `颜色规则的发现：${label}（严重程度 ${severity}）。`,
    noFinding: '这些颜色不符合任何颜色规则。',
    redFlagLine: (label, severity) =>
      `危险信号：${label}。严重程度必须为 "${severity}" 或更高，vet_advice 必须说明需要多快看兽医。`,
    petLine: (species, speciesPercent, breed, breedPercent) =>
      `品种分类器认为这是${species}（${speciesPercent}%）${breed ? `，最可能是${breed}（${breedPercent}%）` : ''}。`,
    noPetLine: (topLabel) => `品种分类器没有看到宠物；它的最佳匹配是“${topLabel}”。`,
    noClassifier: '没有安装品种分类器；请仅根据照片判断。',
    emotionNote: '本机没有读取情绪的模型；请仅根据照片判断。',
    ownerSays: (animalType) => `主人说这只动物是：${animalType}。`,
    sceneLine: (objects) => `物体检测模型看到：${objects}。`,
    sceneUnverified: '没有安装物体检测模型，因此未核实照片中拍的是什么。',
    retryHeading: '你上一次的回答因以下原因未被接受；请用修正后的 JSON 重新回答：',
  },
};
