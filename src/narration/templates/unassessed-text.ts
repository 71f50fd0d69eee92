import type { Language } from '../../contract/language.js';
import type { OperationKey } from '../../contract/operation-contracts.js';

/**
 * Text for an operation whose analysis stage is not available on this host. It reports what was
 * really done (the photo was received and decoded) and states plainly that no judgement was made,
 * so a client never mistakes it for a finding.
 */
export interface UnassessedText {
  /** Label for a field that was not assessed (colour, condition, emotion, breed…). */
  readonly notAssessed: string;
  /** What was not analysed, in a phrase: "stool colour and consistency". */
  readonly subject: Readonly<Record<OperationKey, string>>;
  summary(subject: string, photo: string): string;
  readonly homeCare: readonly string[];
  readonly vetAdvice: readonly string[];
}

export const UNASSESSED_TEXT: Readonly<Record<Language, UnassessedText>> = {
  en: {
    notAssessed: 'not assessed',
    subject: {
      stool: 'stool colour and consistency',
      vomit: 'vomit colour and type',
      urine: 'urine colour and clarity',
      skin: 'skin condition',
      ear: 'ear canal condition',
      emotion: 'emotional state',
      breed: 'species and breed',
    },
    summary: (subject, photo) =>
      `The photo was received and decoded (${photo}). This pawlens installation has no analysis of ${subject} available, so nothing was judged from the photo. Treat this result as no information, not as a normal finding.`,
    homeCare: [
      "Keep watching your pet's appetite, energy, drinking and toilet habits, and write down any change with the date.",
      'Keep this photo with the date so that a veterinarian can compare it with later ones.',
    ],
    vetAdvice: [
      'If your pet seems unwell — repeated vomiting or diarrhoea, blood, refusing food, or unusual tiredness — contact your veterinarian regardless of this result.',
    ],
  },
  zh: {
    notAssessed: '未评估',
    subject: {
      stool: '粪便的颜色和性状',
      vomit: '呕吐物的颜色和类型',
      urine: '尿液的颜色和清澈度',
      skin: '皮肤状况',
      ear: '耳道状况',
      emotion: '情绪状态',
      breed: '物种和品种',
    },
    summary: (subject, photo) =>
      `照片已收到并成功解码（${photo}）。当前安装的 pawlens 无法分析${subject}，因此没有根据照片做出任何判断。请把本结果视为“没有信息”，而不是“正常”。`,
    homeCare: ['继续观察宠物的食欲、精神、饮水和排便排尿情况，如有变化请记录日期。', '请保存这张照片并注明日期，方便兽医日后对比。'],
    vetAdvice: ['如果宠物看起来不舒服，例如反复呕吐或腹泻、出现血迹、拒食或异常疲倦，无论本结果如何都请联系兽医。'],
  },
  es: {
    notAssessed: 'no evaluado',
    subject: {
      stool: 'el color y la consistencia de las heces',
      vomit: 'el color y el tipo del vómito',
      urine: 'el color y la claridad de la orina',
      skin: 'el estado de la piel',
      ear: 'el estado del conducto auditivo',
      emotion: 'el estado emocional',
      breed: 'la especie y la raza',
    },
    summary: (subject, photo) =>
      `La foto se recibió y se decodificó correctamente (${photo}). Esta instalación de pawlens no dispone de análisis de ${subject}, así que no se juzgó nada a partir de la foto. Tome este resultado como ausencia de información, no como un hallazgo normal.`,
    homeCare: [
      'Siga observando el apetito, la energía, la sed y los hábitos de eliminación de su mascota, y anote cualquier cambio con la fecha.',
      'Guarde esta foto con la fecha para que un veterinario pueda compararla con otras posteriores.',
    ],
    vetAdvice: [
      'Si su mascota parece enferma —vómitos o diarrea repetidos, sangre, rechazo de la comida o cansancio inusual—, contacte con su veterinario sea cual sea este resultado.',
    ],
  },
};
