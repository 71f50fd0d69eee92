import { SEE_VET_TODAY } from '../health/zh.js';
import type { UrineWords } from './urine-words.js';

export const ZH: UrineWords = {
  name: '尿液',
  subject: '尿液',
  retakeTip: '请只拍尿液本身：放在白色尿垫上或透明容器中，画面中不要有宠物或人。',
  observation: (colours) => `照片中的尿液主要呈${colours}。`,
  limitation: '照片中的颜色会受光线和背景表面的影响，也无法衡量尿液浓度或判断是否感染；这些需要通过尿检来确定。',
  findings: {
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
  clarity: { cloudy: '浑浊', clear: '未见浑浊（照片中难以判断）' },
  fieldNames: { color: '颜色', clarity: '清澈度' },
  llm: {
    task: '描述照片中的尿液：颜色和清澈度。',
    fieldHelp: {
      clarity: '清澈、略浑浊或浑浊',
    },
  },
};
