import { beforeAll, describe, expect, it } from 'vitest';
import { mimeLines } from '../fixtures/images.js';
import { phoneStoolPhoto } from '../../scripts/support/phone-photo.js';
import { createTestApp, type TestApp } from '../fixtures/test-app.js';
import request from 'supertest';

/** Bodies past 64 KB take parseJsonBody's shortcut when their Base64 is plain, and JSON.parse when it is not: the answers must not differ. */
describe('a photo-sized body, however it is written', () => {
  let app: TestApp;
  let base64: string;
  beforeAll(async () => {
    app = await createTestApp();
    base64 = (await phoneStoolPhoto({ width: 800, height: 600 })).toString('base64');
    expect(base64.length).toBeGreaterThan(64 * 1024);
  });

  const send = (body: string, type = 'application/json') =>
    request(app.http)
      .post('/api/v1/feces-analysis')
      .set('Authorization', `Bearer ${app.key}`)
      .set('Content-Type', type)
      .send(body);

  it('gets the same analysis as plain Base64, as JSON-escaped MIME lines, with escaped slashes, behind a byte-order mark, and as a data URL', async () => {
    const plain = await send(JSON.stringify({ image: base64, language: 'es' }));
    expect(plain.status).toBe(200);
    const variants = [
      JSON.stringify({ language: 'es', image: mimeLines(base64) }),
      `{"image":"${base64.replace(/\//g, '\\/')}","language":"es"}`,
      `\ufeff${JSON.stringify({ image: base64, language: 'es' })}`,
      JSON.stringify({ image: `data:image/jpeg;base64,${base64}`, language: 'es' }),
    ];
    for (const body of variants) {
      const response = await send(body, 'application/json; charset=utf-8');
      expect(response.status, `${String(body).slice(0, 40)} ${JSON.stringify(response.body)}`).toBe(200);
      expect(response.body.data).toEqual(plain.body.data);
    }
  });

  it('refuses raw line breaks inside the JSON string as malformed JSON, as JSON.parse does', async () => {
    const response = await send(`{"image":"${mimeLines(base64)}"}`);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_ERROR');
  });

  it('reads the image of the top level, not a nested one of the same name', async () => {
    // "QUJD" is the three bytes "ABC": no image format, where the nested one is a JPEG.
    const response = await send(`{"meta":{"image":"${base64}"},"image":"QUJD"}`);
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe('UNSUPPORTED_IMAGE_FORMAT');
  });
});
