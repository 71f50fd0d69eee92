import type { BreedWords } from './breed-words.js';

export const ZH: BreedWords = {
  name: '品种',
  subject: '宠物',
  retakeTip: '请发送一张能清楚看到宠物的照片，最好拍到整只动物。',
  unknown: '未知',
  noAnimalSpecies: '未检测到动物',
  noAnimalBreed: '无',
  mixedBreed: '混种或无法识别的品种',
  noModel: () =>
    '这台 pawlens 服务器没有安装品种分类器，因此未识别物种和品种。管理员可以使用“pawlens models install recommended”命令安装一个。',
  noAnimal: (topKind) => `照片中似乎没有宠物；分类器的最佳匹配属于“${topKind}”一类。`,
  notAPetBreed: '无（不是宠物）',
  notAPet: (animal, topKind, byDetector) =>
    `${byDetector ? '检测器认为这是' : '这看起来是'}${animal}${animal === topKind ? '' : `（分类器的最佳匹配属于“${topKind}”一类）`}，而不是狗、猫、兔、仓鼠或豚鼠，因此不给出品种，也未扣费。`,
  modelsDisagree: (topMatch, detected) =>
    detected
      ? `检测器认为这只动物是${detected}，而分类器的最佳匹配是“${topMatch}”：两者不一致，因此不给出物种和品种，也未扣费。`
      : `分类器的最佳匹配是“${topMatch}”，但它没有足够把握认定这是宠物，因此不给出物种和品种，也未扣费。`,
  noAnimalAdvice: '没有宠物的照片不会给出品种；请发送一张能清楚看到宠物的照片。',
  doubtsStated: ({ stated, species, percent }) =>
    `请求中说明的是“${stated}”，分类器则倾向于${species}（概率 ${percent}%），但把握不足以推翻请求，因此不给出物种和品种，也未扣费。`,
  outweighed: ({ topMatch, percent, species, speciesPercent }) =>
    `分类器对这只动物的最佳匹配是“${topMatch}”（概率 ${percent}%），高于${species}所有品种合计的概率（${speciesPercent}%），因此不给出物种和品种，也未扣费。`,
  faint: ({ species, percent }) =>
    `分类器倾向于${species}（概率 ${percent}%），但把握不足以认定，因此不给出物种和品种，也未扣费。`,
  viewsDisagree: ({ species, percent, wholeMatch }) =>
    `只看检测框的中间部分，这只动物像${species}（概率 ${percent}%），但完整地看、不裁掉任何部分时就不明显了：分类器此时的最佳匹配是“${wholeMatch}”。两次识别不一致，因此不给出物种和品种，也未扣费。`,
  identified: ({ species, breed, percent, statedAnimal }) =>
    statedAnimal
      ? `请求中说明的是“${statedAnimal}”，但分类器识别出的是${species}，最可能的品种是${breed}（概率 ${percent}%）。`
      : `分类器识别出的是${species}，最可能的品种是${breed}（概率 ${percent}%）。`,
  speciesOnly: ({ species, percent, statedAnimal }) =>
    statedAnimal
      ? `请求中说明的是“${statedAnimal}”，但分类器识别出的是${species}（概率 ${percent}%），没有哪个品种特别突出。`
      : `分类器识别出的是${species}（概率 ${percent}%），但没有哪个品种特别突出。`,
  traits: ({ animals, named, percent, coat, ahead }) => {
    const look = `约占画面的${percent}%${coat ? `，毛色以${coat}为主` : ''}`;
    if (animals === 1) return `这只动物${look}。`;
    // A pet's name takes 只 as 动物 does (猫, 狗, 兔, 仓鼠, 豚鼠): "照片中有2只猫".
    const shows = `照片中有${animals}只${named ?? '动物'}`;
    if (!ahead) return `${shows}，判断的是其中最大的一只，它${look}。`;
    return ahead.because === 'asked'
      ? `${shows}，判断的是请求中指明的那只${ahead.name}，它${look}。`
      : `${shows}，判断的是那只${ahead.name}，它${look}；检测器认为比它大的动物都不是宠物。`;
  },
  alternatives: (breeds) => `也可能是：${breeds.map(({ name, percent }) => `${name}（${percent}%）`).join('、')}。`,
  limitation: '仅凭一张照片判断的品种只是估计：混种和幼年动物常被误判，只有 DNA 检测才能确认血统。',
  fieldNames: { species: '物种', breed: '品种', confidence: '置信度' },
  llm: {
    task: '识别动物的物种及最可能的品种或品种类别，并给出 0 到 100 的置信度（百分比）。',
    fieldHelp: {
      species: '动物的物种',
      breed: '最可能的一个品种或品种类别',
    },
    petLine: (species, speciesPercent, breed, breedPercent) =>
      `品种分类器认为这是${species}（${speciesPercent}%）${breed ? `，最可能是${breed}（${breedPercent}%）` : ''}。`,
    noPetLine: (topKind) => `品种分类器没有看到宠物；它的最佳匹配属于“${topKind}”一类。`,
    unreadPetLine: (detected) => `目标检测器认为这只动物是${detected}：请根据照片判断物种。`,
    noClassifier: '没有安装品种分类器；请仅根据照片判断。',
    doubtLine: (stated, species, percent) =>
      `请求中说明这只动物是“${stated}”；品种分类器没有把握地倾向于${species}（${percent}%）：请根据照片判断物种。`,
    faintLine: (species, percent) =>
      `品种分类器没有把握地倾向于${species}（${percent}%）：请根据照片判断这是否是宠物，以及是哪种。`,
    disputedLine: (detected, species, percent) =>
      `目标检测器认为这只动物是${detected}；品种分类器没有把握地倾向于${species}（${percent}%）：请根据照片判断物种。`,
    viewsDisagreeLine: (species, percent, wholeMatch) =>
      `品种分类器从检测框的中间部分没有把握地倾向于${species}（${percent}%），但完整地看这只动物时，其最佳匹配是“${wholeMatch}”：请根据照片判断这是否是宠物，以及是哪种。`,
    outweighedLine: ({ topMatch, percent, species, speciesPercent }) =>
      `品种分类器的最佳匹配是“${topMatch}”（${percent}%），这不是宠物，且概率高于${species}（${speciesPercent}%）：请根据照片判断它是否是宠物。`,
  },
};
