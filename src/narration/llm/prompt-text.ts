import type { Language } from '../../contract/language.js';
import type { OperationKey } from '../../contract/operation-contracts.js';

/** The words of the LLM prompt, per language: the model answers in the language it is asked in. */
export interface PromptText {
  readonly languageName: string;
  system(languageName: string): string;
  readonly task: Readonly<Record<OperationKey, string>>;
  readonly measuredHeading: string;
  readonly fieldsHeading: string;
  readonly rulesHeading: string;
  readonly fieldHelp: Readonly<Record<string, string>>;
  readonly rules: readonly string[];
  coloursLine(where: 'subject' | 'frame', colours: string): string;
  findingLine(label: string, severity: string): string;
  readonly noFinding: string;
  redFlagLine(label: string, severity: string): string;
  petLine(species: string, speciesPercent: number, breed: string | undefined, breedPercent: number): string;
  noPetLine(topLabel: string): string;
  readonly noClassifier: string;
  readonly emotionNote: string;
  ownerSays(animalType: string): string;
  readonly retryHeading: string;
}

const EN: PromptText = {
  languageName: 'English',
  system: (languageName) =>
    `You are pawlens, a veterinary triage assistant writing for pet owners. You see one photo and the measurements on-device models took from it. Write every text field in ${languageName}. Answer with one JSON object that matches the schema and nothing else. Describe only what is visible, never diagnose, and never contradict the measurements.`,
  task: {
    stool: "Assess the pet's stool in the photo: colour, consistency (fecal score 1 hard pellets, 2 ideal, up to 7 watery), mucus, blood, worms or foreign matter.",
    vomit: 'Describe the vomit in the photo: its most likely type (bile, food, foam, fresh blood, coffee grounds, foreign material) and colour.',
    urine: 'Describe the urine in the photo: its colour and clarity.',
    skin: 'Describe the visible skin condition: redness, wounds, crusts, scaling, hair loss, parasites, lumps.',
    ear: 'Describe the visible ear canal: redness, wax or debris (colour and texture), discharge, swelling.',
    emotion: "Judge the pet's most likely current emotional state from posture, ears, eyes, mouth and tail, with a confidence from 0 to 1.",
    breed: "Identify the animal's species and its most likely breed or breed group, with a confidence from 0 to 1.",
  },
  measuredHeading: 'Measurements from the on-device models:',
  fieldsHeading: 'Fields to fill:',
  rulesHeading: 'Rules:',
  fieldHelp: {
    severity: 'normal, mild, moderate or severe; inconclusive when the photo cannot be judged',
    consistency: "the stool's consistency or texture, in a few words",
    vomit_type: 'the most likely vomit type, in a few words',
    clarity: 'clear, slightly cloudy or cloudy',
    condition: 'a short owner-facing label for what is visible',
    emotion: 'the most likely emotional state, in one or two words',
    confidence: 'a number from 0 to 1',
    species: 'the animal species',
    breed: 'the single most likely breed or breed group',
    summary: '2 to 4 sentences: what is visible, what it may mean, and one limitation of judging from a photo',
    home_care: 'at least 2 specific steps the owner can take',
    vet_advice: 'specific veterinary advice, urgent when it must be; an empty list when no visit is needed',
  },
  rules: [
    'Keep the summary to 2 to 4 sentences.',
    'Give at least 2 home_care items, specific to what you see.',
    'If the photo does not show the subject clearly, use severity "inconclusive" and say how to retake it.',
  ],
  coloursLine: (where, colours) => `Colours measured ${where === 'subject' ? 'on the subject' : 'over the whole photo'}: ${colours}.`,
  findingLine: (label, severity) => `Colour rule finding: ${label} (severity ${severity}).`,
  noFinding: 'No colour rule applied to these colours.',
  redFlagLine: (label, severity) => `Red flag: ${label}. The severity must be "${severity}" or higher, and vet_advice must say how urgently to see a veterinarian.`,
  petLine: (species, speciesPercent, breed, breedPercent) =>
    `The breed classifier sees a ${species} (${speciesPercent}%)${breed ? `, most likely ${breed} (${breedPercent}%)` : ''}.`,
  noPetLine: (topLabel) => `The breed classifier sees no pet; its best match is "${topLabel}".`,
  noClassifier: 'No breed classifier is installed; judge from the photo alone.',
  emotionNote: 'No on-device model reads emotion; judge it from the photo alone.',
  ownerSays: (animalType) => `The owner says the animal is: ${animalType}.`,
  retryHeading: 'Your previous answer was not accepted for these reasons; answer again with corrected JSON:',
};

const ZH: PromptText = {
  languageName: '简体中文',
  system: (languageName) =>
    `你是 pawlens，一个为宠物主人撰写内容的兽医分诊助手。你会看到一张照片，以及本机模型从照片中测得的数据。所有文本字段都用${languageName}书写。只回答一个符合给定结构的 JSON 对象，不要输出其他内容。只描述看得见的内容，不要做诊断，也不要与测量结果相矛盾。`,
  task: {
    stool: '评估照片中宠物的粪便：颜色、性状（粪便评分 1 为硬颗粒，2 为理想，直至 7 为水样）、黏液、血液、虫体或异物。',
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
  rules: ['摘要保持 2 到 4 句。', '至少给出 2 条针对所见情况的 home_care。', '如果照片没有清楚显示对象，severity 用 "inconclusive"，并说明如何重拍。'],
  coloursLine: (where, colours) => `${where === 'subject' ? '对象上' : '整张照片中'}测得的颜色：${colours}。`,
  findingLine: (label, severity) => `颜色规则的发现：${label}（严重程度 ${severity}）。`,
  noFinding: '这些颜色不符合任何颜色规则。',
  redFlagLine: (label, severity) => `危险信号：${label}。严重程度必须为 "${severity}" 或更高，vet_advice 必须说明需要多快看兽医。`,
  petLine: (species, speciesPercent, breed, breedPercent) => `品种分类器认为这是${species}（${speciesPercent}%）${breed ? `，最可能是${breed}（${breedPercent}%）` : ''}。`,
  noPetLine: (topLabel) => `品种分类器没有看到宠物；它的最佳匹配是“${topLabel}”。`,
  noClassifier: '没有安装品种分类器；请仅根据照片判断。',
  emotionNote: '本机没有读取情绪的模型；请仅根据照片判断。',
  ownerSays: (animalType) => `主人说这只动物是：${animalType}。`,
  retryHeading: '你上一次的回答因以下原因未被接受；请用修正后的 JSON 重新回答：',
};

const ES: PromptText = {
  languageName: 'español',
  system: (languageName) =>
    `Eres pawlens, un asistente de triaje veterinario que escribe para dueños de mascotas. Ves una foto y las mediciones que los modelos locales tomaron de ella. Escribe todos los campos de texto en ${languageName}. Responde con un único objeto JSON que cumpla el esquema y nada más. Describe solo lo que se ve, nunca diagnostiques y nunca contradigas las mediciones.`,
  task: {
    stool: 'Evalúa las heces de la mascota en la foto: color, consistencia (escala fecal de 1, bolitas duras, 2 ideal, hasta 7, líquidas), moco, sangre, gusanos o cuerpos extraños.',
    vomit: 'Describe el vómito de la foto: su tipo más probable (bilis, comida, espuma, sangre fresca, posos de café, material extraño) y su color.',
    urine: 'Describe la orina de la foto: su color y su claridad.',
    skin: 'Describe el estado visible de la piel: enrojecimiento, heridas, costras, descamación, pérdida de pelo, parásitos, bultos.',
    ear: 'Describe el conducto auditivo visible: enrojecimiento, cera o restos (color y textura), secreción, hinchazón.',
    emotion: 'Juzga el estado emocional más probable de la mascota por su postura, orejas, ojos, boca y cola, con una confianza de 0 a 1.',
    breed: 'Identifica la especie del animal y su raza o grupo de razas más probable, con una confianza de 0 a 1.',
  },
  measuredHeading: 'Mediciones de los modelos locales:',
  fieldsHeading: 'Campos que debes rellenar:',
  rulesHeading: 'Reglas:',
  fieldHelp: {
    severity: 'normal, mild, moderate o severe; inconclusive cuando la foto no permite juzgar',
    consistency: 'la consistencia o textura de las heces, en pocas palabras',
    vomit_type: 'el tipo de vómito más probable, en pocas palabras',
    clarity: 'clara, algo turbia o turbia',
    condition: 'una etiqueta breve para el dueño sobre lo que se ve',
    emotion: 'el estado emocional más probable, en una o dos palabras',
    confidence: 'un número de 0 a 1',
    species: 'la especie del animal',
    breed: 'la raza o el grupo de razas más probable',
    summary: 'de 2 a 4 frases: qué se ve, qué puede significar y una limitación de juzgar por una foto',
    home_care: 'al menos 2 medidas concretas que el dueño puede tomar',
    vet_advice: 'consejo veterinario concreto, urgente cuando deba serlo; una lista vacía si no hace falta visita',
  },
  rules: [
    'El resumen debe tener de 2 a 4 frases.',
    'Da al menos 2 elementos de home_care, concretos para lo que ves.',
    'Si la foto no muestra el sujeto con claridad, usa severity "inconclusive" y explica cómo repetirla.',
  ],
  coloursLine: (where, colours) => `Colores medidos ${where === 'subject' ? 'en el sujeto' : 'en toda la foto'}: ${colours}.`,
  findingLine: (label, severity) => `Hallazgo de la regla de color: ${label} (gravedad ${severity}).`,
  noFinding: 'Ninguna regla de color se aplicó a estos colores.',
  redFlagLine: (label, severity) => `Señal de alarma: ${label}. La gravedad debe ser "${severity}" o mayor, y vet_advice debe decir con qué urgencia ver a un veterinario.`,
  petLine: (species, speciesPercent, breed, breedPercent) =>
    `El clasificador de razas ve un animal de la especie ${species} (${speciesPercent} %)${breed ? `, probablemente ${breed} (${breedPercent} %)` : ''}.`,
  noPetLine: (topLabel) => `El clasificador de razas no ve ninguna mascota; su mejor coincidencia es «${topLabel}».`,
  noClassifier: 'No hay ningún clasificador de razas instalado; juzga solo por la foto.',
  emotionNote: 'Ningún modelo local lee las emociones; júzgalas solo por la foto.',
  ownerSays: (animalType) => `El dueño dice que el animal es: ${animalType}.`,
  retryHeading: 'Tu respuesta anterior no se aceptó por estos motivos; responde de nuevo con el JSON corregido:',
};

export const PROMPT_TEXT: Readonly<Record<Language, PromptText>> = { en: EN, zh: ZH, es: ES };
