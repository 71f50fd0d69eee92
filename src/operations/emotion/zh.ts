import type { EmotionWords } from './emotion-words.js';

export const ZH: EmotionWords = {
  name: '情绪',
  subject: '宠物',
  retakeTip: '请发送一张能清楚看到宠物面部和身体的照片。',
  label: '未评估',
  summary:
    '情绪体现在姿势、耳朵、眼睛和尾巴上，而本机运行的模型并不解读这些信息，因此没有推断宠物的情绪状态。请根据宠物的行为判断它的情绪；如果它显得焦虑、疼痛或异常安静，请咨询兽医或动物行为专家。',
  fieldNames: { emotion: '情绪', confidence: '置信度' },
  llm: {
    task: '根据姿势、耳朵、眼睛、嘴巴和尾巴判断宠物当前最可能的情绪状态，并给出 0 到 100 的置信度（百分比）。',
    fieldHelp: {
      emotion: '用一两个词描述最可能的情绪状态',
    },
    note: '本机没有读取情绪的模型；请仅根据照片判断。',
  },
};
