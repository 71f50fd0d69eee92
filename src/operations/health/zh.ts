import type { SharedHealthWords } from './health-words.js';

/** How urgent advice starts: a red flag's vet advice says it (the words test checks each one does). */
export const SEE_VET_TODAY = '请今天就带宠物看兽医';

export const ZH: SharedHealthWords = {
  qualityHomeCare: [
    '请在充足、均匀的光线下重新拍照，并确保拍摄对象对焦清晰。',
    '在此之前，请留意宠物的食欲、精神状态和排便排尿习惯是否有变化。',
    '如果宠物看起来不舒服，请直接联系兽医，不必等待照片分析结果。',
  ],
  prompt: {
    coloursLine: (where, colours) => `${where === 'subject' ? '对象上' : '整张照片中'}测得的颜色：${colours}。`,
    findingLine: (label, severity) => `颜色规则的发现：${label}（严重程度 ${severity}）。`,
    noFinding: '这些颜色不符合任何颜色规则。',
    redFlagLine: (label, severity) =>
      `危险信号：${label}。严重程度必须为 "${severity}" 或更高，vet_advice 必须说明需要多快看兽医。`,
  },
};
