import type { HealthWords } from '../health/health-words.js';
import type { SkinRuleId } from './skin-rules.js';

export const ZH: HealthWords<SkinRuleId> = {
  name: '皮肤',
  subject: '皮肤',
  retakeTip: '请在光线充足处拨开毛发，拍一张包含皮肤及其周围毛发的特写。',
  observation: (colours) => `照片中皮肤的色调以${colours}为主。`,
  limitation: '仅凭颜色无法识别寄生虫、过敏或皮肤变化的原因。',
  withheld: {
    label: '未见颜色变化（并非全面检查）',
    sentence: '本机安装的模型看不到皮损、脱毛、皮屑、寄生虫或肿块，因此这不代表皮肤健康：未给出结论，也未扣费。',
  },
  findings: {
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
    redder_patches: {
      label: '局部比周围皮肤更红',
      meaning: '有些部位明显比周围的皮肤和毛发更红，可能由刺激、抓挠、过敏或感染引起。',
      homeCare: ['防止舔舐和抓挠，并每天检查该部位。', '每天在相同光线下拍一张照片，以便对比。'],
      vetAdvice: ['如果这些部位扩大、渗液或瘙痒超过几天，请咨询兽医。'],
    },
    no_visible_change: {
      label: '未见成片的发红或分泌物',
      meaning: '从颜色上看，没有成片的发红、血迹或分泌物；轻微或零散的发红可能看不出来。',
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
  fieldNames: { condition: '状况' },
  llm: {
    task: '描述可见的皮肤状况：发红、伤口、结痂、皮屑、脱毛、寄生虫、肿块。',
    fieldHelp: {
      condition: '给主人看的简短标签，说明可见的情况',
    },
  },
};
