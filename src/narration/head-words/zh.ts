import type { HeadWords } from './head-words.js';

export const ZH: HeadWords = {
  reading: (name, percent, record) =>
    record
      ? `用本诊所自己的照片训练的模型判断为${name}（概率 ${percent}%）；它在未参与训练的 ${record.n} 张照片上的准确率为 ${record.percent}%。`
      : `用本诊所自己的照片训练的模型判断为${name}（概率 ${percent}%）；它尚未在未参与训练的照片上测量过准确率。`,
  recalled: (name) =>
    `这张照片是用本诊所自己的照片训练的模型学习过的照片之一（或其重新保存、缩放、调色或旋转后的副本），诊所给它的标注是${name}。`,
  unsure: (percent, threshold, [first, second]) =>
    threshold === undefined
      ? `用本诊所自己的照片训练的模型始终没有足够把握给出判断（其训练照片不足以做到）；最可能的是${first}或${second}（最高 ${percent}%），因此没有给出结论，也未扣费。`
      : `用本诊所自己的照片训练的模型没有足够把握给出判断（最高 ${percent}%，低于所需的 ${threshold}%）；最可能的是${first}或${second}，因此没有给出结论，也未扣费。`,
  unlike:
    '用本诊所照片训练的模型没有作出判断：这张照片与它学习过的所有照片都不相似（另一类照片，或它从未见过的病症或角度），因此没有给出结论，也没有收费。',
  unsureBeside: '用本诊所自己的照片训练的模型没有足够把握给出判断。',
  limit: (labels) => `它只能区分训练时学过的 ${labels} 个类别，请让兽医确认。`,
  unsureLabel: '未判断：训练的模型没有把握',
  advice: {
    normal: {
      homeCare: ['继续保持宠物平常的护理和定期检查。', '如有变化，请在相同光线下重新拍照。'],
      vetAdvice: [],
    },
    mild: {
      homeCare: ['接下来几天留意变化，每天在相同光线下拍一张照片对比。', '留意食欲、精神和行为是否有变化。'],
      vetAdvice: ['如果几天内没有好转或宠物看起来不舒服，请咨询兽医。'],
    },
    moderate: {
      homeCare: ['让宠物保持舒适，不要让它舔或抓这个部位。', '记下开始的时间和其他症状，告诉兽医。'],
      vetAdvice: ['请在几天内预约兽医。'],
    },
    severe: {
      homeCare: ['在就诊前让宠物保持安静、舒适。', '带上这张照片，并记下开始的时间，交给兽医。'],
      vetAdvice: ['请今天就带宠物看兽医。'],
    },
  },
  promptLine: (name, percent, field) =>
    `用本诊所自己的照片训练的模型判断为“${name}”（${percent}%）：${field} 必须写“${name}”，文字也必须与之一致。`,
  promptUnsure: (field) => `用本诊所自己的照片训练的模型没有把握：${field} 不要写得比照片所能支持的更确定。`,
};
