import type { LocalizedName } from './imagenet-pets.js';

/**
 * What a COCO detector's 80 classes are called in a summary, in English, Simplified Chinese and
 * Spanish: "this looks like a photo of a cup". Keyed by the COCO label as the detectors give it.
 */
const name = (en: string, zh: string, es: string): LocalizedName => ({ en, zh, es });

export const COCO_NAMES: Readonly<Record<string, LocalizedName>> = {
  person: name('person', '人', 'persona'),
  bicycle: name('bicycle', '自行车', 'bicicleta'),
  car: name('car', '汽车', 'coche'),
  motorcycle: name('motorcycle', '摩托车', 'moto'),
  airplane: name('aeroplane', '飞机', 'avión'),
  bus: name('bus', '公共汽车', 'autobús'),
  train: name('train', '火车', 'tren'),
  truck: name('lorry', '卡车', 'camión'),
  boat: name('boat', '船', 'barco'),
  'traffic light': name('traffic light', '红绿灯', 'semáforo'),
  'fire hydrant': name('fire hydrant', '消防栓', 'boca de incendios'),
  'stop sign': name('stop sign', '停车标志', 'señal de stop'),
  'parking meter': name('parking meter', '停车计时器', 'parquímetro'),
  bench: name('bench', '长椅', 'banco'),
  bird: name('bird', '鸟', 'pájaro'),
  cat: name('cat', '猫', 'gato'),
  dog: name('dog', '狗', 'perro'),
  horse: name('horse', '马', 'caballo'),
  sheep: name('sheep', '羊', 'oveja'),
  cow: name('cow', '牛', 'vaca'),
  elephant: name('elephant', '大象', 'elefante'),
  bear: name('bear', '熊', 'oso'),
  zebra: name('zebra', '斑马', 'cebra'),
  giraffe: name('giraffe', '长颈鹿', 'jirafa'),
  backpack: name('backpack', '背包', 'mochila'),
  umbrella: name('umbrella', '雨伞', 'paraguas'),
  handbag: name('handbag', '手提包', 'bolso'),
  tie: name('tie', '领带', 'corbata'),
  suitcase: name('suitcase', '行李箱', 'maleta'),
  frisbee: name('frisbee', '飞盘', 'frisbi'),
  skis: name('pair of skis', '滑雪板', 'esquís'),
  snowboard: name('snowboard', '单板滑雪板', 'tabla de snowboard'),
  'sports ball': name('ball', '球', 'pelota'),
  kite: name('kite', '风筝', 'cometa'),
  'baseball bat': name('baseball bat', '棒球棒', 'bate de béisbol'),
  'baseball glove': name('baseball glove', '棒球手套', 'guante de béisbol'),
  skateboard: name('skateboard', '滑板', 'monopatín'),
  surfboard: name('surfboard', '冲浪板', 'tabla de surf'),
  'tennis racket': name('tennis racket', '网球拍', 'raqueta de tenis'),
  bottle: name('bottle', '瓶子', 'botella'),
  'wine glass': name('wine glass', '酒杯', 'copa de vino'),
  cup: name('cup', '杯子', 'taza'),
  fork: name('fork', '叉子', 'tenedor'),
  knife: name('knife', '刀', 'cuchillo'),
  spoon: name('spoon', '勺子', 'cuchara'),
  bowl: name('bowl', '碗', 'cuenco'),
  banana: name('banana', '香蕉', 'plátano'),
  apple: name('apple', '苹果', 'manzana'),
  sandwich: name('sandwich', '三明治', 'sándwich'),
  orange: name('orange', '橙子', 'naranja'),
  broccoli: name('broccoli', '西兰花', 'brócoli'),
  carrot: name('carrot', '胡萝卜', 'zanahoria'),
  'hot dog': name('hot dog', '热狗', 'perrito caliente'),
  pizza: name('pizza', '披萨', 'pizza'),
  donut: name('doughnut', '甜甜圈', 'dónut'),
  cake: name('cake', '蛋糕', 'pastel'),
  chair: name('chair', '椅子', 'silla'),
  couch: name('sofa', '沙发', 'sofá'),
  'potted plant': name('potted plant', '盆栽', 'planta en maceta'),
  bed: name('bed', '床', 'cama'),
  'dining table': name('table', '桌子', 'mesa'),
  toilet: name('toilet', '马桶', 'inodoro'),
  tv: name('television', '电视', 'televisor'),
  laptop: name('laptop', '笔记本电脑', 'portátil'),
  mouse: name('computer mouse', '鼠标', 'ratón'),
  remote: name('remote control', '遥控器', 'mando a distancia'),
  keyboard: name('keyboard', '键盘', 'teclado'),
  'cell phone': name('mobile phone', '手机', 'teléfono móvil'),
  microwave: name('microwave', '微波炉', 'microondas'),
  oven: name('oven', '烤箱', 'horno'),
  toaster: name('toaster', '烤面包机', 'tostadora'),
  sink: name('sink', '水槽', 'fregadero'),
  refrigerator: name('fridge', '冰箱', 'frigorífico'),
  book: name('book', '书', 'libro'),
  clock: name('clock', '时钟', 'reloj'),
  vase: name('vase', '花瓶', 'jarrón'),
  scissors: name('pair of scissors', '剪刀', 'tijeras'),
  'teddy bear': name('teddy bear', '泰迪熊玩具', 'osito de peluche'),
  'hair drier': name('hair dryer', '吹风机', 'secador de pelo'),
  toothbrush: name('toothbrush', '牙刷', 'cepillo de dientes'),
};

/** The 80 COCO labels in the detectors' index order (the table above is written in it). */
export const COCO_LABELS: readonly string[] = Object.freeze(Object.keys(COCO_NAMES));

/**
 * A COCO detector's labels.json, as the catalogue pins it: pawlens writes it itself, since the
 * detectors' upstreams publish their labels in other forms (or not at all).
 */
export const cocoLabelsFile = () => new TextEncoder().encode(JSON.stringify(COCO_LABELS));

/** COCO's animal classes: a box of one of them is "an animal is here", whatever the class says. */
export const COCO_ANIMALS: ReadonlySet<string> = new Set([
  'bird',
  'cat',
  'dog',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'bear',
  'zebra',
  'giraffe',
]);

/** COCO's animal classes that can be a pet whose breed pawlens tells; the other animals never are. */
export const COCO_PETS: ReadonlySet<string> = new Set(['cat', 'dog']);

/**
 * COCO's animals that are no pet and that a coat seen close is not boxed as: YOLOX-Nano boxes fur
 * filling the frame as a bear (up to 0.87 on real lesion close-ups), never as these.
 */
export const COCO_NOT_FUR: ReadonlySet<string> = new Set([
  'bird',
  'horse',
  'sheep',
  'cow',
  'elephant',
  'zebra',
  'giraffe',
]);

/**
 * Things a stool, urine or vomit photo may well show around its subject (a floor, a litter box,
 * a bed): not an "unrelated object" that makes the photo the wrong kind.
 */
export const COCO_SURFACES: ReadonlySet<string> = new Set([
  'dining table',
  'bed',
  'couch',
  'chair',
  'bench',
  'toilet',
  'sink',
]);

/**
 * Containers a specimen is photographed in (a urine sample in a clear cup, a jar or a tumbler): of
 * the unrelated objects, those an operation whose specimen comes in one (PhotoNeeds.inContainer)
 * keeps. YOLOX-Nano boxes a glass of yellow liquid as a cup. Not a wine glass (red wine is the
 * colour of blood) or a vase (of flowers).
 */
export const COCO_CONTAINERS: ReadonlySet<string> = new Set(['cup', 'bottle']);

/**
 * COCO's prepared dishes: a box of one of them, with the classifier sure of food, is a served meal
 * (FOOD_LIMITS.servedDishScore). Not the doughnut, which small detectors see in any round blob,
 * nor fruit and vegetables, which vomit may hold in pieces (boxed surely over a fifth of the frame,
 * they are whole: FOOD_LIMITS.boxedFoodShare).
 */
export const COCO_DISHES: ReadonlySet<string> = new Set(['pizza', 'sandwich', 'hot dog', 'cake']);

/**
 * COCO's food that no specimen looks like to a small detector: a box of one of them, with the
 * classifier leaning to food, is a photo of food (FOOD_LIMITS.boxedFoodShare). Not the doughnut and
 * the hot dog, which a coiled or a log-shaped stool is boxed as (a stool photo's doughnut at 0.89),
 * nor the orange and the banana, the colours of a urine sample.
 */
export const COCO_PLAIN_FOOD: ReadonlySet<string> = new Set([
  'apple',
  'broccoli',
  'carrot',
  'sandwich',
  'pizza',
  'cake',
]);

/**
 * …and the two fruits it leaves out, the colours of a urine sample and of bile: boxed surely over
 * a fifth of the frame where the classifier is as sure of food as of a served dish, they are fruit
 * (FOOD_LIMITS.servedDishFood), even to vomit.
 */
export const COCO_YELLOW_FRUIT: ReadonlySet<string> = new Set(['orange', 'banana']);

/**
 * COCO's vehicles: one seen whole, however small, puts the camera far from its subject, where no
 * close-up of skin or an ear canal is (boxed-subject.ts: wholeVehicle).
 */
export const COCO_VEHICLES: ReadonlySet<string> = new Set([
  'bicycle',
  'car',
  'motorcycle',
  'airplane',
  'bus',
  'train',
  'truck',
  'boat',
]);

/**
 * Things whose detection makes a photo the wrong kind for a health operation. Deliberately not
 * every COCO class: small detectors see round blobs (a stool on a floor, a patch of skin) as
 * frisbees, balls, kites, umbrellas, doughnuts or clocks, so those never count against a photo.
 */
export const COCO_UNRELATED_OBJECTS: ReadonlySet<string> = new Set([
  ...COCO_VEHICLES,
  'backpack',
  'handbag',
  'tie',
  'suitcase',
  'skis',
  'snowboard',
  'baseball bat',
  'baseball glove',
  'skateboard',
  'surfboard',
  'tennis racket',
  'bottle',
  'wine glass',
  'cup',
  'fork',
  'knife',
  'spoon',
  'potted plant',
  'tv',
  'laptop',
  'remote',
  'keyboard',
  'cell phone',
  'microwave',
  'oven',
  'toaster',
  'refrigerator',
  'book',
  'vase',
  'scissors',
  'hair drier',
  'toothbrush',
]);
