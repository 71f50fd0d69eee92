import type { HealthWords } from '../health/health-words.js';
import { SEE_VET_TODAY } from '../health/zh.js';
import type { VomitRuleId } from './vomit-rules.js';

export const ZH: HealthWords<VomitRuleId> = {
  name: '呕吐物',
  subject: '呕吐物',
  retakeTip: '请只拍呕吐物本身：从上方近距离拍摄，放在素色的表面上，画面中不要有宠物或人。',
  observation: (colours) => `照片中的呕吐物主要呈${colours}。`,
  limitation: '照片无法显示宠物呕吐的频率，也无法显示它是否有干呕（想吐却吐不出东西），而这些与颜色同样重要。',
  findings: {
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
  fieldNames: { vomit_type: '呕吐物类型', color: '颜色' },
  llm: {
    task: '描述照片中的呕吐物：最可能的类型（胆汁、食物、泡沫、鲜血、咖啡渣样物、异物）和颜色。',
    fieldHelp: {
      vomit_type: '用几个词描述最可能的呕吐物类型',
    },
  },
};
