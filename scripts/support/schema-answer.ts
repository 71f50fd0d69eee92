/**
 * Builds a value that satisfies a JSON Schema (draft 2020-12, as z.toJSONSchema writes it): what a
 * grammar-constrained model would return for `format`, with owner-facing text in the asked language.
 *
 * Supported: type (also type arrays such as ["string","null"]), properties/required, enum, const,
 * string minLength/maxLength, number/integer minimum/maximum/exclusiveMinimum/exclusiveMaximum,
 * arrays with items/minItems/maxItems, anyOf/oneOf (first non-null branch), allOf (merged), and
 * local $ref into $defs/definitions. Not supported: pattern, format, multipleOf, if/then/else.
 */
export type AnswerLanguage = 'en' | 'zh' | 'es';

type Schema = Record<string, unknown>;

const SUMMARY: Record<AnswerLanguage, string> = {
  en:
    'The model sees a clear pet photo with the main area in focus. ' +
    'The visible features look consistent with the findings it was given. ' +
    'A photo cannot replace an examination by a veterinarian.',
  zh: '模型看到一张主体清晰的宠物照片。可见特征与提供的检查结果一致。照片不能代替兽医的检查。',
  es:
    'El modelo ve una foto clara de la mascota con la zona principal enfocada. ' +
    'Las características visibles coinciden con los hallazgos indicados. ' +
    'Una foto no puede sustituir la revisión de un veterinario.',
};

const HOME_CARE: Record<AnswerLanguage, string[]> = {
  en: [
    'Keep fresh water available and watch the next few stools.',
    'Note any change in appetite or energy over the next day.',
    'Keep the diet simple and avoid new treats for a couple of days.',
    'Take a new photo in good light if anything changes.',
  ],
  zh: [
    '保持充足的清洁饮水，并留意接下来几次的排便。',
    '记录接下来一天内食欲或精神的任何变化。',
    '饮食保持简单，几天内不要添加新的零食。',
    '如有变化，请在光线充足的地方重新拍照。',
  ],
  es: [
    'Mantén agua fresca disponible y fíjate en el aspecto de las próximas deposiciones.',
    'Anota cualquier cambio en el apetito o la energía durante el día siguiente.',
    'Mantén una dieta sencilla y evita premios nuevos durante un par de días.',
    'Toma una foto nueva con buena luz si algo cambia.',
  ],
};

const VET_ADVICE: Record<AnswerLanguage, string[]> = {
  en: [
    'See a veterinarian if this lasts more than a day or your pet seems unwell.',
    'Go to a veterinarian at once if you see blood, repeated vomiting or weakness.',
    'Bring this photo and a note of recent food changes to the visit.',
  ],
  zh: [
    '如果情况持续超过一天或宠物精神不好，请带它看兽医。',
    '如果出现血液、反复呕吐或虚弱，请立即就医。',
    '就诊时请带上这张照片，并记下最近的饮食变化。',
  ],
  es: [
    'Consulta con el veterinario si esto dura más de un día o tu mascota parece decaída.',
    'Acude de inmediato al veterinario si ves sangre, vómitos repetidos o debilidad.',
    'Lleva esta foto y una nota de los cambios recientes en la comida a la consulta.',
  ],
};

const PHRASES: Record<AnswerLanguage, string[]> = {
  en: ['visible detail noted by the model', 'second detail noted by the model', 'third detail noted by the model'],
  zh: ['模型注意到的可见细节', '模型注意到的第二个细节', '模型注意到的第三个细节'],
  es: ['detalle visible de la foto', 'segundo detalle de la foto', 'tercer detalle de la foto'],
};

const NEUTRAL_ENUM_VALUES = new Set<unknown>(['normal', 'inconclusive']);

function isRecord(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pick<T>(list: readonly T[], index: number): T {
  return list[index % list.length] as T;
}

/** Pads (by repeating) or cuts a string to fit minLength/maxLength, counted in code points. */
function fitLength(text: string, schema: Schema): string {
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  let chars = Array.from(text);
  if (chars.length === 0 && min > 0) chars = ['x'];
  const unit = [...chars];
  while (chars.length < min) chars.push(' ', ...unit);
  if (chars.length > max) chars = chars.slice(0, max);
  return chars.join('');
}

class Builder {
  constructor(
    private readonly root: Schema,
    private readonly language: AnswerLanguage,
  ) {}

  resolve(schema: unknown, depth = 0): Schema {
    if (!isRecord(schema)) return {};
    const ref = schema.$ref;
    if (typeof ref === 'string' && ref.startsWith('#') && depth < 32) {
      let target: unknown = this.root;
      for (const raw of ref
        .slice(1)
        .split('/')
        .filter((part) => part !== '')) {
        const part = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
        target = isRecord(target) ? target[part] : undefined;
      }
      const { $ref: _ignored, ...rest } = schema;
      return { ...this.resolve(target, depth + 1), ...rest };
    }
    if (Array.isArray(schema.allOf) && depth < 32) {
      const { allOf, ...rest } = schema;
      return Object.assign(rest, ...(allOf as unknown[]).map((part) => this.resolve(part, depth + 1)));
    }
    const branches = Array.isArray(schema.anyOf)
      ? schema.anyOf
      : Array.isArray(schema.oneOf)
        ? schema.oneOf
        : undefined;
    if (branches && depth < 32) {
      const chosen =
        (branches as unknown[]).find((branch) => !(isRecord(branch) && branch.type === 'null')) ?? branches[0];
      const { anyOf: _a, oneOf: _o, ...rest } = schema;
      return { ...rest, ...this.resolve(chosen, depth + 1) };
    }
    return schema;
  }

  typeOf(schema: Schema): string | undefined {
    const type = schema.type;
    if (typeof type === 'string') return type;
    if (Array.isArray(type)) return type.find((t): t is string => typeof t === 'string' && t !== 'null') ?? 'null';
    if (isRecord(schema.properties)) return 'object';
    if (schema.items !== undefined) return 'array';
    return undefined;
  }

  value(raw: unknown, name: string | undefined, index: number, depth: number): unknown {
    const schema = this.resolve(raw);
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum) && schema.enum.length > 0) {
      const values = schema.enum as unknown[];
      const notNeutral = values.filter((v) => !NEUTRAL_ENUM_VALUES.has(v));
      return notNeutral.length > 0 ? pick(notNeutral, index) : values[0];
    }
    switch (this.typeOf(schema)) {
      case 'object':
        return depth > 16 ? {} : this.object(schema, depth + 1);
      case 'array':
        return this.array(schema, name, depth);
      case 'string':
        return this.string(schema, name, index);
      case 'number':
        return this.number(schema, name, false);
      case 'integer':
        return this.number(schema, name, true);
      case 'boolean':
        // A cooperating model that sees what it was asked about; other yes/no questions get no.
        return name === 'shows_subject';
      case 'null':
        return null;
      default:
        return this.string(schema, name, index);
    }
  }

  object(schema: Schema, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    const properties = isRecord(schema.properties) ? schema.properties : {};
    for (const [key, propertySchema] of Object.entries(properties)) {
      result[key] = this.value(propertySchema, key, 0, depth);
    }
    return result;
  }

  array(schema: Schema, name: string | undefined, depth: number): unknown[] {
    const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
    const max = typeof schema.maxItems === 'number' ? schema.maxItems : Number.POSITIVE_INFINITY;
    const wanted = name === 'home_care' ? Math.max(min, 2) : Math.max(min, 1);
    const count = Math.min(wanted, max);
    const prefix = Array.isArray(schema.prefixItems) ? (schema.prefixItems as unknown[]) : [];
    const items: unknown[] = [];
    for (let i = 0; i < count; i++) {
      items.push(this.value(i < prefix.length ? prefix[i] : schema.items, name, i, depth + 1));
    }
    return items;
  }

  string(schema: Schema, name: string | undefined, index: number): string {
    const language = this.language;
    let text: string;
    if (name === 'summary') text = SUMMARY[language];
    else if (name === 'home_care') text = pick(HOME_CARE[language], index);
    else if (name === 'vet_advice') text = pick(VET_ADVICE[language], index);
    else text = pick(PHRASES[language], index);
    return fitLength(text, schema);
  }

  number(schema: Schema, name: string | undefined, integer: boolean): number {
    const lowInclusive = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    const lowExclusive = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : undefined;
    const highInclusive = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    const highExclusive = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : undefined;
    const low = lowInclusive ?? lowExclusive;
    const high = highInclusive ?? highExclusive;
    const inRange = (n: number): boolean =>
      (lowInclusive === undefined || n >= lowInclusive) &&
      (lowExclusive === undefined || n > lowExclusive) &&
      (highInclusive === undefined || n <= highInclusive) &&
      (highExclusive === undefined || n < highExclusive);

    if (name === 'confidence' && inRange(0.8) && !integer) return 0.8;
    let n: number;
    if (low !== undefined && high !== undefined) n = (low + high) / 2;
    else if (low !== undefined) n = low + 1;
    else if (high !== undefined) n = high - 1;
    else n = integer ? 1 : 0.5;
    if (integer) {
      const rounded = Math.round(n);
      if (inRange(rounded)) return rounded;
      const up = Math.ceil(n);
      if (inRange(up)) return up;
      return Math.floor(n);
    }
    return n;
  }
}

/**
 * An object that satisfies `format` (a JSON Schema of an object), or {} when `format` is not an
 * object schema (absent, "json", …). `overrides` replace top-level properties of an object answer.
 */
export function schemaAnswer(
  format: unknown,
  language: AnswerLanguage,
  overrides?: Record<string, unknown>,
): Record<string, unknown> {
  if (!isRecord(format)) return {};
  const builder = new Builder(format, language);
  const root = builder.resolve(format);
  if (builder.typeOf(root) !== 'object') return {};
  return { ...builder.object(root, 0), ...overrides };
}
