import type { HealthWords } from '../health/health-words.js';
import type { EarRuleId } from './ear-rules.js';

export const ZH: HealthWords<EarRuleId> = {
  name: '耳道',
  subject: '耳朵',
  retakeTip: '请在光线充足处将耳廓向后翻开，拍一张包含耳道口及其周围耳廓的特写。',
  observation: (colours) => `照片中耳道的色调以${colours}为主。`,
  limitation: '外耳道的照片无法显示鼓膜和更深处的耳道，而许多耳部问题正是从那里开始的。',
  findings: {
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
      meaning:
        '这些颜色不符合 pawlens 在耳道中解读的任何模式（干净的淡粉色、发红、深色碎屑、分泌物），因此未给出严重程度。',
      homeCare: ['在光线充足处近距离重新拍摄耳道口。', '留意宠物是否甩头、抓挠耳朵，或耳朵是否有异味。'],
      vetAdvice: ['如果宠物频繁甩头或抓挠耳朵，请咨询兽医。'],
    },
  },
  fieldNames: { condition: '状况' },
  llm: {
    task: '描述可见的耳道：发红、耳垢或碎屑（颜色和质地）、分泌物、肿胀。',
    fieldHelp: {
      condition: '给主人看的简短标签，说明可见的情况',
    },
  },
};
