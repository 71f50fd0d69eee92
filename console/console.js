// The clinic console (docs/design.md §11): plain browser JavaScript, served from the host, no CDN and
// no build step. The API key lives in this tab's sessionStorage only; every call is the public
// API, with the key in the Authorization header.

const WORDS = {
  en: {
    brand: 'pawlens',
    uiLanguage: 'Language',
    signOut: 'Sign out',
    signInTitle: 'Sign in',
    apiKey: 'API key',
    keyHint: 'The key stays in this browser tab only.',
    signIn: 'Sign in',
    analyseTitle: 'Analyse a photo',
    dropHint: 'Drop a photo here, or',
    choosePhoto: 'Choose a photo',
    takePhoto: 'Take a photo',
    operation: 'Analysis',
    resultLanguage: 'Language of the result',
    animalType: 'Animal (optional)',
    patient: 'Patient id (optional)',
    analyse: 'Analyse',
    print: 'Print or save as PDF',
    showHistory: 'Patient history',
    photo: 'Photo',
    date: 'Date',
    severityLabel: 'Severity',
    score: 'Score',
    madeBy: 'Made by',
    builtInText: 'built-in text',
    lookUp: 'Look up this patient',
    animalPlaceholder: 'dog, cat…',
    patientHint: 'Letters, digits and . _ : - only (up to 64), e.g. chart-1042',
    scoreAxis: 'score',
    analysing: 'Analysing the photo…',
    preparing: 'Preparing the photo…',
    noPhoto: 'Choose or take a photo first.',
    notAPhoto: (name) => `${name} is not a photo this browser can open: choose a JPG, PNG or WEBP photo.`,
    historyOf: (id) => `History of patient ${id}`,
    noHistory: 'No analyses kept for this patient yet.',
    scoreChart: 'Stool health score over time',
    patientLine: (id) => `Patient: ${id}`,
    charged: (n, left) => `Credits charged: ${n}${left === null ? '' : ` · remaining: ${left}`}`,
    homeCare: 'Home care',
    vetAdvice: 'Veterinary advice',
    requestId: 'Request',
    colon: ': ',
    limitation: 'A photo analysis supports, and does not replace, an examination by a veterinarian.',
    severity: {
      normal: 'Normal',
      mild: 'Mild',
      moderate: 'Moderate — see a vet soon',
      severe: 'Severe — see a vet now',
      inconclusive: 'Inconclusive — no finding',
      none: 'Result',
    },
    errors: {
      UNAUTHORIZED: 'Sign in with an API key.',
      INVALID_KEY: 'This API key is not known to this server. Check it and sign in again.',
      KEY_DISABLED: 'This API key is disabled.',
      KEY_REVOKED: 'This API key has been revoked.',
      KEY_EXPIRED: 'This API key has expired.',
      INSUFFICIENT_CREDITS: 'This key has no credits left for an analysis. Ask the administrator to add some.',
      RATE_LIMITED: 'Too many analyses in a short time. Wait a moment and try again.',
      SERVICE_BUSY: 'The server is busy. Try again in a few seconds.',
      IMAGE_TOO_LARGE: 'The photo is too large.',
      INVALID_IMAGE: 'The photo could not be read. Try another one.',
      UNSUPPORTED_IMAGE_FORMAT: 'This file type is not supported: use a JPG, PNG or WEBP photo.',
      VALIDATION_ERROR: 'Something in the form is not valid.',
      AI_CALL_FAILED: 'The language model failed. Nothing was charged; try again.',
      NETWORK: 'The server could not be reached.',
      OTHER: 'The analysis failed.',
    },
  },
  zh: {
    brand: 'pawlens',
    uiLanguage: '语言',
    signOut: '退出',
    signInTitle: '登录',
    apiKey: 'API 密钥',
    keyHint: '密钥只保存在此浏览器标签页中。',
    signIn: '登录',
    analyseTitle: '分析照片',
    dropHint: '将照片拖到这里，或',
    choosePhoto: '选择照片',
    takePhoto: '拍照',
    operation: '分析项目',
    resultLanguage: '结果语言',
    animalType: '动物（可选）',
    patient: '患者编号（可选）',
    analyse: '开始分析',
    print: '打印或保存为 PDF',
    showHistory: '患者历史',
    photo: '照片',
    date: '日期',
    severityLabel: '严重程度',
    score: '评分',
    madeBy: '分析来源',
    builtInText: '内置文本',
    lookUp: '查找该患者',
    animalPlaceholder: '狗、猫…',
    patientHint: '只能使用字母、数字和 . _ : -（最多 64 个），例如 chart-1042',
    scoreAxis: '评分',
    analysing: '正在分析照片…',
    preparing: '正在准备照片…',
    noPhoto: '请先选择或拍摄一张照片。',
    notAPhoto: (name) => `${name} 不是此浏览器能打开的照片：请选择 JPG、PNG 或 WEBP 照片。`,
    historyOf: (id) => `患者 ${id} 的历史记录`,
    noHistory: '该患者还没有保存的分析。',
    scoreChart: '粪便健康评分变化',
    patientLine: (id) => `患者：${id}`,
    charged: (n, left) => `扣除积分：${n}${left === null ? '' : ` · 剩余：${left}`}`,
    homeCare: '居家护理',
    vetAdvice: '兽医建议',
    requestId: '请求',
    colon: '：',
    limitation: '照片分析只能辅助、不能代替兽医的检查。',
    severity: {
      normal: '正常',
      mild: '轻度',
      moderate: '中度——请尽快就医',
      severe: '重度——请立即就医',
      inconclusive: '无法判断——没有结论',
      none: '结果',
    },
    errors: {
      UNAUTHORIZED: '请使用 API 密钥登录。',
      INVALID_KEY: '此服务器不认识这个 API 密钥，请检查后重新登录。',
      KEY_DISABLED: '此 API 密钥已停用。',
      KEY_REVOKED: '此 API 密钥已被吊销。',
      KEY_EXPIRED: '此 API 密钥已过期。',
      INSUFFICIENT_CREDITS: '此密钥的积分不足以进行分析，请联系管理员充值。',
      RATE_LIMITED: '短时间内分析次数过多，请稍后再试。',
      SERVICE_BUSY: '服务器繁忙，请几秒后再试。',
      IMAGE_TOO_LARGE: '照片太大。',
      INVALID_IMAGE: '无法读取这张照片，请换一张。',
      UNSUPPORTED_IMAGE_FORMAT: '不支持此文件类型，请使用 JPG、PNG 或 WEBP 照片。',
      VALIDATION_ERROR: '表单中有无效内容。',
      AI_CALL_FAILED: '语言模型出错，未扣除积分，请重试。',
      NETWORK: '无法连接到服务器。',
      OTHER: '分析失败。',
    },
  },
  es: {
    brand: 'pawlens',
    uiLanguage: 'Idioma',
    signOut: 'Cerrar sesión',
    signInTitle: 'Iniciar sesión',
    apiKey: 'Clave de API',
    keyHint: 'La clave solo se guarda en esta pestaña del navegador.',
    signIn: 'Entrar',
    analyseTitle: 'Analizar una foto',
    dropHint: 'Suelte una foto aquí, o',
    choosePhoto: 'Elegir una foto',
    takePhoto: 'Tomar una foto',
    operation: 'Análisis',
    resultLanguage: 'Idioma del resultado',
    animalType: 'Animal (opcional)',
    patient: 'Id. del paciente (opcional)',
    analyse: 'Analizar',
    print: 'Imprimir o guardar como PDF',
    showHistory: 'Historial del paciente',
    photo: 'Foto',
    date: 'Fecha',
    severityLabel: 'Gravedad',
    score: 'Puntuación',
    madeBy: 'Hecho con',
    builtInText: 'texto integrado',
    lookUp: 'Buscar este paciente',
    animalPlaceholder: 'perro, gato…',
    patientHint: 'Solo letras, números y . _ : - (hasta 64), p. ej. chart-1042',
    scoreAxis: 'puntuación',
    analysing: 'Analizando la foto…',
    preparing: 'Preparando la foto…',
    noPhoto: 'Primero elija o tome una foto.',
    notAPhoto: (name) => `${name} no es una foto que este navegador pueda abrir: elija una foto JPG, PNG o WEBP.`,
    historyOf: (id) => `Historial del paciente ${id}`,
    noHistory: 'Aún no hay análisis guardados de este paciente.',
    scoreChart: 'Puntuación de salud de las heces en el tiempo',
    patientLine: (id) => `Paciente: ${id}`,
    charged: (n, left) => `Créditos cobrados: ${n}${left === null ? '' : ` · restantes: ${left}`}`,
    homeCare: 'Cuidados en casa',
    vetAdvice: 'Consejo veterinario',
    requestId: 'Solicitud',
    colon: ': ',
    limitation: 'El análisis de una foto ayuda, pero no sustituye, al examen de un veterinario.',
    severity: {
      normal: 'Normal',
      mild: 'Leve',
      moderate: 'Moderada: vea a un veterinario pronto',
      severe: 'Grave: vea a un veterinario ya',
      inconclusive: 'No concluyente: sin hallazgo',
      none: 'Resultado',
    },
    errors: {
      UNAUTHORIZED: 'Inicie sesión con una clave de API.',
      INVALID_KEY: 'Este servidor no conoce esta clave de API. Revísela e inicie sesión de nuevo.',
      KEY_DISABLED: 'Esta clave de API está desactivada.',
      KEY_REVOKED: 'Esta clave de API fue revocada.',
      KEY_EXPIRED: 'Esta clave de API ha caducado.',
      INSUFFICIENT_CREDITS: 'Esta clave no tiene créditos para un análisis. Pida al administrador que añada.',
      RATE_LIMITED: 'Demasiados análisis en poco tiempo. Espere un momento y vuelva a intentarlo.',
      SERVICE_BUSY: 'El servidor está ocupado. Inténtelo en unos segundos.',
      IMAGE_TOO_LARGE: 'La foto es demasiado grande.',
      INVALID_IMAGE: 'No se pudo leer la foto. Pruebe con otra.',
      UNSUPPORTED_IMAGE_FORMAT: 'Este tipo de archivo no es compatible: use una foto JPG, PNG o WEBP.',
      VALIDATION_ERROR: 'Hay algo no válido en el formulario.',
      AI_CALL_FAILED: 'Falló el modelo de lenguaje. No se cobró nada; inténtelo de nuevo.',
      NETWORK: 'No se pudo contactar con el servidor.',
      OTHER: 'El análisis falló.',
    },
  },
};

/** An operation's name in the interface's language, as the server's registry gives it (/console/config.json). */
const operationName = (key) => {
  const operation = config.operations.find((op) => op.key === key);
  return operation ? (operation.names[lang] ?? operation.title) : key;
};

/** The long side a photo is downscaled to before it is sent: phone photos then fit the 3 MiB limit and upload fast. */
const MAX_LONG_SIDE = 2048;
const $ = (id) => document.getElementById(id);
const KEY = 'pawlens.key';
let lang =
  localStorage.getItem('pawlens.ui') ??
  ['zh', 'es'].find((l) => navigator.language.toLowerCase().startsWith(l)) ??
  'en';
let config = { clinicName: '', operations: [] };
let photo;
let last;

const t = () => WORDS[lang];

function applyLanguage() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : lang;
  $('ui-language').value = lang;
  for (const node of document.querySelectorAll('[data-t]')) node.textContent = t()[node.dataset.t];
  for (const node of document.querySelectorAll('[data-t-placeholder]'))
    node.placeholder = t()[node.dataset.tPlaceholder];
  // The browser's own "match the requested format" bubble says nothing of the format: the title does.
  for (const node of document.querySelectorAll('[data-t-title]')) node.title = t()[node.dataset.tTitle];
  const selected = $('operation').value;
  $('operation').replaceChildren(...config.operations.map((op) => new Option(operationName(op.key), op.key)));
  if (selected) $('operation').value = selected;
  if (last) showResult(last);
}

function showError(code, detail) {
  const words = t().errors;
  $('error').textContent = `${words[code] ?? words.OTHER}${detail ? ` (${detail})` : ''}`;
  $('error').hidden = false;
  $('error').dataset.code = code;
}

/** An error already put on the page by the code that threw it. */
class ShownError extends Error {}

const clearError = () => {
  $('error').hidden = true;
  $('error').textContent = '';
};

/** The public API, with the key; resolves with the parsed body and the response, or shows the error and throws. */
async function call(path, init = {}) {
  let response;
  try {
    response = await fetch(path, {
      ...init,
      headers: { ...init.headers, Authorization: `Bearer ${sessionStorage.getItem(KEY)}` },
    });
  } catch {
    showError('NETWORK');
    throw new ShownError('network');
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok || body.success === false) {
    const code = body.error?.code ?? 'OTHER';
    // The server's own words are English: beside a Chinese or Spanish message they would be a
    // sentence the reader cannot read, so they are added only in English.
    showError(code, lang === 'en' ? body.error?.message : undefined);
    if (code === 'INVALID_KEY' || code === 'UNAUTHORIZED') signOut(false);
    throw new ShownError(code);
  }
  return { body, response };
}

function signedIn(yes) {
  $('sign-in').hidden = yes;
  $('analyse').hidden = !yes;
  $('sign-out').hidden = !yes;
  if (!yes) {
    $('result').hidden = true;
    $('history').hidden = true;
  }
}

function signOut(clear = true) {
  sessionStorage.removeItem(KEY);
  if (clear) clearError();
  signedIn(false);
}

/** The photo, upright and downscaled to MAX_LONG_SIDE, as a JPEG data URL (the API takes data URLs). */
/** The photo as a JPEG data URL at MAX_LONG_SIDE at most; a file the browser cannot open as an image is said so, and throws. */
async function prepare(file) {
  let bitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    // A PDF, a text file, or a format this browser cannot decode (HEIC in most).
    showError('INVALID_IMAGE', t().notAPhoto(file.name));
    throw new ShownError('not a photo');
  }
  const scale = Math.min(1, MAX_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/jpeg', 0.9);
}

function choose(file) {
  if (!file) return;
  photo = file;
  $('photo-name').textContent = file.name;
  // What was wrong with the last file, or the last answer, is not about this one.
  clearError();
}

const SEVERITY_ORDER = { severe: 3, moderate: 2 };

/**
 * A health score that measures something, or undefined: an inconclusive answer's 5 is the
 * contract's placeholder, not a reading, and an answer that assessed nothing (a refused photo)
 * has no score to show or to plot.
 */
const measuredScore = (data, madeBy) =>
  typeof data.health_score === 'number' && data.severity !== 'inconclusive' && madeBy?.assessed !== false
    ? data.health_score
    : undefined;

function showResult(result) {
  const { data, operation, petId, charged, remaining, requestId, at, image } = result;
  const words = t();
  $('result-title').textContent = operationName(operation);
  $('result-meta').textContent = [
    petId ? words.patientLine(petId) : '',
    new Date(at).toLocaleString(lang === 'zh' ? 'zh-CN' : lang),
    `${words.requestId}${words.colon}${requestId}`,
  ]
    .filter(Boolean)
    .join(' · ');
  $('print-clinic').textContent = config.clinicName;
  $('result-photo').src = image;
  $('result-photo').alt = operationName(operation);
  const severity = data.severity ?? 'none';
  // Never colour alone: the badge says the severity in words.
  $('severity').className = `badge ${severity}`;
  $('severity').textContent = `${words.severityLabel}${words.colon}${words.severity[severity] ?? severity}`;
  $('severity').hidden = data.severity === undefined;
  const fieldNames = config.operations.find((op) => op.key === operation)?.fields[lang] ?? {};
  const shown = Object.entries(data).filter(
    ([name]) =>
      !['severity', 'summary', 'home_care', 'vet_advice', 'health_score_max'].includes(name) &&
      (name !== 'health_score' || measuredScore(data) !== undefined),
  );
  $('result-fields').replaceChildren(
    ...shown.flatMap(([name, value]) => {
      const dt = document.createElement('dt');
      // The operation's own words for its fields (served with its name in /console/config.json).
      dt.textContent = fieldNames[name] ?? name.replace(/_/g, ' ');
      const dd = document.createElement('dd');
      dd.textContent =
        name === 'health_score'
          ? `${value} / ${data.health_score_max}`
          : name === 'confidence'
            ? `${Math.round(value * 100)}%`
            : String(value);
      return [dt, dd];
    }),
  );
  $('summary').textContent = data.summary;
  const list = (title, items, urgent) => {
    const block = document.createElement('div');
    if (urgent) block.className = 'urgent';
    const heading = document.createElement('h3');
    heading.textContent = title;
    const ul = document.createElement('ul');
    ul.replaceChildren(...items.map((item) => Object.assign(document.createElement('li'), { textContent: item })));
    block.replaceChildren(heading, ul);
    return block;
  };
  const blocks = [];
  const urgent = (SEVERITY_ORDER[severity] ?? 0) >= 2;
  if (data.vet_advice) blocks.push(list(words.vetAdvice, data.vet_advice, urgent));
  if (data.home_care) blocks.push(list(words.homeCare, data.home_care, false));
  // Urgent advice comes first; otherwise home care leads.
  if (!urgent) blocks.reverse();
  $('advice').replaceChildren(...blocks);
  showMadeByLine(result);
  $('limitation').textContent = words.limitation;
  $('credits').textContent = words.charged(charged, remaining);
  $('history-button').hidden = !petId;
  $('result').hidden = false;
  // Focus on the result's title: a screen reader reads the answer, a keyboard starts from it.
  $('result-title').focus();
}

async function analyse(event) {
  event.preventDefault();
  clearError();
  if (!photo) return showError('VALIDATION_ERROR', t().noPhoto);
  const operation = config.operations.find((op) => op.key === $('operation').value);
  const petId = $('patient').value.trim();
  $('analyse-button').disabled = true;
  try {
    $('progress').textContent = t().preparing;
    const image = await prepare(photo);
    $('progress').textContent = t().analysing;
    const headers = { 'Content-Type': 'application/json', ...(petId ? { 'X-Pet-Id': petId } : {}) };
    const animalType = $('animal').value.trim();
    const body = JSON.stringify({ image, language: $('language').value, ...(animalType ? { animalType } : {}) });
    const { body: answer, response } = await call(`/api/v1/${operation.path}`, { method: 'POST', headers, body });
    const remaining = response.headers.get('X-Credits-Remaining');
    last = {
      data: answer.data,
      operation: operation.key,
      petId,
      image,
      requestId: answer.request_id,
      at: new Date().toISOString(),
      charged: Number(response.headers.get('X-Credits-Charged') ?? 0),
      remaining: remaining === null ? null : Number(remaining),
    };
    showResult(last);
    $('history').hidden = true;
    await showMadeBy(last);
  } catch (error) {
    // call() and prepare() put theirs on the page before throwing; anything else is said too, never swallowed.
    if (!(error instanceof ShownError)) showError('OTHER', String(error?.message ?? error));
  } finally {
    $('progress').textContent = '';
    $('analyse-button').disabled = false;
  }
}

/**
 * What made a kept answer, as a line a vet can print: the models that read the photo and what
 * wrote the text (a language model's name, or the built-in text); each model's sha256 begins its
 * tooltip, so two answers from different model files can be told apart. '—' for older records.
 */
function madeByCell(madeBy) {
  const cell = document.createElement('td');
  if (!madeBy) {
    cell.textContent = '—';
    return cell;
  }
  cell.textContent = madeByText(madeBy, false);
  cell.title = madeBy.models.map((model) => `${model.name} ${model.sha256.slice(0, 12)}`).join('\n');
  return cell;
}

/** The models and the writer of an answer in one line; `withSha` for the card a vet prints, which has no tooltip. */
const madeByText = (madeBy, withSha) =>
  `${madeBy.models.map((model) => (withSha ? `${model.name} (sha256 ${model.sha256.slice(0, 12)})` : model.name)).join(', ') || '—'}; ${madeBy.llm ?? t().builtInText}`;

/**
 * The card of an answer kept for a patient names what made it, as its history row does: the
 * answer's own contract has no room for it, so it is read back from the patient's records by the
 * answer's request id. Without a patient id nothing is kept and the line stays hidden; a failed
 * read leaves it hidden too (the answer is already on the page, and the history shows the same).
 */
async function showMadeBy(shown) {
  if (!shown.petId) return;
  const response = await fetch(`/api/v1/pets/${encodeURIComponent(shown.petId)}/analyses?limit=5`, {
    headers: { Authorization: `Bearer ${sessionStorage.getItem(KEY)}` },
  }).catch(() => undefined);
  const body = response?.ok ? await response.json().catch(() => undefined) : undefined;
  const record = body?.data?.analyses?.find((kept) => kept.request_id === shown.requestId);
  // Another analysis may have been shown meanwhile: only the answer still on the page gets its line.
  if (!record?.made_by || last !== shown) return;
  shown.madeBy = record.made_by;
  showMadeByLine(shown);
}

function showMadeByLine({ madeBy }) {
  const words = t();
  $('made-by').textContent = madeBy ? `${words.madeBy}${words.colon}${madeByText(madeBy, true)}` : '';
  $('made-by').hidden = !madeBy;
}

/**
 * Measured stool health scores over time as a small inline SVG line (no chart library, nothing
 * from a CDN), with its axes labelled: the score from 0 to 10, and the first and last dates.
 */
function scoreChart(records) {
  const points = records.filter((r) => measuredScore(r.data, r.made_by) !== undefined).reverse();
  if (points.length === 0) return '';
  const [w, h, pad, left, bottom] = [400, 140, 12, 36, 28];
  const x = (i) => left + (points.length === 1 ? (w - left - pad) / 2 : (i * (w - left - pad)) / (points.length - 1));
  const y = (score) => h - bottom - (score / 10) * (h - bottom - pad);
  const day = (record) => new Date(record.created_at).toLocaleDateString(lang === 'zh' ? 'zh-CN' : lang);
  const line = points.map((p, i) => `${x(i)},${y(p.data.health_score)}`).join(' ');
  const dots = points
    .map(
      (p, i) =>
        `<circle cx="${x(i)}" cy="${y(p.data.health_score)}" r="4"><title>${day(p)}: ${p.data.health_score}/10</title></circle>`,
    )
    .join('');
  const grid = [0, 5, 10]
    .map(
      (score) =>
        `<line x1="${left}" y1="${y(score)}" x2="${w - pad}" y2="${y(score)}" stroke="#c9d1d9"/><text x="${left - 6}" y="${y(score) + 4}" text-anchor="end" font-size="11">${score}</text>`,
    )
    .join('');
  const dates = `<text x="${x(0)}" y="${h - 8}" text-anchor="${points.length === 1 ? 'middle' : 'start'}" font-size="11">${day(points[0])}</text>${
    points.length > 1
      ? `<text x="${x(points.length - 1)}" y="${h - 8}" text-anchor="end" font-size="11">${day(points.at(-1))}</text>`
      : ''
  }`;
  const axis = `<text x="4" y="${pad + 4}" font-size="11">${t().scoreAxis}</text>`;
  return `<svg viewBox="0 0 ${w} ${h}" role="img" aria-label="${t().scoreChart}"><title>${t().scoreChart}</title>${grid}${axis}${dates}<polyline points="${line}" fill="none" stroke="#0b5cad" stroke-width="2"/>${dots}</svg>`;
}

/** A patient's history: the last answer's patient, or the one a lookup names. */
async function history(petId) {
  if (!petId) return;
  clearError();
  const { body } = await call(`/api/v1/pets/${encodeURIComponent(petId)}/analyses?limit=100`).catch(() => ({}));
  if (!body) return;
  const records = body.data.analyses;
  // The id in one piece: a line may break before or after it, never at its hyphen ("rex-/7" at 390 px).
  const [before, after] = t().historyOf('\u0000').split('\u0000');
  const id = Object.assign(document.createElement('span'), { className: 'patient-id', textContent: petId });
  $('history-title').replaceChildren(before, id, after);
  $('chart').innerHTML = scoreChart(records);
  const rows = records.map((record) => {
    const tr = document.createElement('tr');
    const cells = [
      new Date(record.created_at).toLocaleString(lang === 'zh' ? 'zh-CN' : lang),
      operationName(record.operation),
      t().severity[record.data.severity] ?? '—',
      measuredScore(record.data, record.made_by) ?? '—',
    ];
    tr.replaceChildren(
      ...cells.map((text) => Object.assign(document.createElement('td'), { textContent: String(text) })),
      madeByCell(record.made_by),
    );
    const photoCell = document.createElement('td');
    tr.append(photoCell);
    // Kept photos (PAWLENS_KEEP_IMAGES) need the key, so they are fetched, not linked.
    if (record.has_photo) {
      fetch(`/api/v1/pets/${encodeURIComponent(petId)}/analyses/${record.request_id}/photo`, {
        headers: { Authorization: `Bearer ${sessionStorage.getItem(KEY)}` },
      })
        .then((response) => (response.ok ? response.blob() : undefined))
        .then(
          (blob) =>
            blob &&
            photoCell.append(
              Object.assign(document.createElement('img'), {
                src: URL.createObjectURL(blob),
                alt: t().photo,
                className: 'thumb',
              }),
            ),
        )
        .catch(() => undefined);
    }
    return tr;
  });
  $('history-table').tBodies[0].replaceChildren(...rows);
  if (records.length === 0) $('chart').textContent = t().noHistory;
  $('history').hidden = false;
  $('history-title').focus();
}

/** Looks a patient up by the id in the form, without analysing anything (a check-in, a phone call). */
function lookUp() {
  const field = $('patient');
  const petId = field.value.trim();
  if (!petId || !field.checkValidity()) {
    showError('VALIDATION_ERROR', t().patientHint);
    field.focus();
    return;
  }
  clearError();
  return history(petId);
}

async function signIn(event) {
  event.preventDefault();
  clearError();
  sessionStorage.setItem(KEY, $('api-key').value.trim());
  // Listing a pet's records is free and needs a valid key: the check that the key works.
  await call('/api/v1/pets/console-sign-in/analyses?limit=1').then(
    () => {
      signedIn(true);
      // Not left on <body>, where the sign-in form was: on the first control of the analysis.
      $('analyse-form').querySelector('input, select')?.focus();
    },
    () => undefined,
  );
}

async function start() {
  // The controls answer at once, while the clinic's configuration loads: a language chosen then is kept.
  $('ui-language').addEventListener('change', () => {
    lang = $('ui-language').value;
    localStorage.setItem('pawlens.ui', lang);
    $('language').value = lang;
    applyLanguage();
  });
  $('sign-in-form').addEventListener('submit', signIn);
  $('sign-out').addEventListener('click', () => signOut());
  $('analyse-form').addEventListener('submit', analyse);
  $('photo').addEventListener('change', () => choose($('photo').files[0]));
  $('camera').addEventListener('change', () => choose($('camera').files[0]));
  const drop = $('drop');
  drop.addEventListener('dragover', (event) => {
    event.preventDefault();
    drop.classList.add('over');
  });
  drop.addEventListener('dragleave', () => drop.classList.remove('over'));
  drop.addEventListener('drop', (event) => {
    event.preventDefault();
    drop.classList.remove('over');
    choose(event.dataTransfer.files[0]);
  });
  $('print').addEventListener('click', () => window.print());
  $('history-button').addEventListener('click', () => history(last?.petId));
  $('lookup').addEventListener('click', lookUp);
  $('language').value = lang;
  applyLanguage();
  config = await (await fetch('/console/config.json')).json();
  $('clinic').textContent = config.clinicName;
  applyLanguage();
  signedIn(Boolean(sessionStorage.getItem(KEY)));
}

start();
