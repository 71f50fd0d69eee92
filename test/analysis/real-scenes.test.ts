import { basename } from 'node:path';
import { expect, it } from 'vitest';
import { debianPhotos, describeWithDebianPhotos } from '../fixtures/debian-photos.js';
import { recommendedPipeline } from '../fixtures/recommended-pipeline.js';
import { describeWithShared } from '../fixtures/shared-assets.js';

/**
 * Real pictures of the wrong thing, with the recommended models: fruit (OpenCV's samples), a lawn,
 * leaves, flowers, sand, sky and wood (MATE's backgrounds) and clip art drawings (the Open Clip Art
 * Library), from Debian's packages (scripts/debian-photos.sh). Issue 39 asks that food sent to
 * stool or urine analysis is refused as food and that a lawn or a leaf gets no finding; issue 40
 * that no photo of the wrong kind gets a finding, nor is called normal.
 */
const HEALTH = ['stool', 'urine', 'vomit', 'skin', 'ear'] as const;
const FINDINGS = ['mild', 'moderate', 'severe'];

describeWithShared('real photos of the wrong thing', () => {
  describeWithDebianPhotos('from Debian’s packages', () => {
    const { answer } = recommendedPipeline('pawlens-scenes-');

    it('refuses fruit sent to stool or urine analysis as a photo of food, free; vomit finds nothing in it', async () => {
      const photos = debianPhotos('food');
      expect(photos.length).toBe(3);
      for (const photo of photos) {
        for (const operation of ['stool', 'urine'] as const) {
          const { judged, summary } = await answer(operation, photo);
          expect({ photo: basename(photo), operation, judged }).toMatchObject({ judged: false });
          expect(summary, basename(photo)).toMatch(/photo of food/);
        }
        // Vomit may hold food: it is not refused as food, and finds no vomit standing out.
        expect(FINDINGS, basename(photo)).not.toContain((await answer('vomit', photo)).severity);
      }
    });

    it('gives a lawn, leaves, flowers, sand, sky or wood no finding and no "normal" in any health operation', async () => {
      const photos = debianPhotos('nature');
      expect(photos.length).toBe(11);
      const judged: string[] = [];
      for (const photo of photos)
        for (const operation of HEALTH) {
          const { severity, judged: wasJudged } = await answer(operation, photo);
          expect({ photo: basename(photo), operation, severity }).not.toMatchObject({
            severity: expect.stringMatching(/^(mild|moderate|severe|normal)$/),
          });
          if (wasJudged) judged.push(`${operation}: ${basename(photo)}`);
        }
      // Measured (2026-11-27): skin and ear refuse all eleven (sky, grass, the ground, nothing like
      // an animal); the stool localizer takes the ladybird on a leaf for a stool (brown and orange,
      // no finding), the only one judged.
      expect(judged).toEqual(['stool: LadyBird.jpg']);
    });

    it('refuses clip art drawings as drawings, most of them, and finds far less in the rest than before', async () => {
      const drawings = debianPhotos('drawings');
      expect(drawings.length).toBe(30);
      let refusedAsDrawings = 0;
      let findings = 0;
      for (const drawing of drawings)
        for (const operation of HEALTH) {
          const { summary, severity } = await answer(operation, drawing);
          if (/drawing, logo/.test(summary)) refusedAsDrawings++;
          if (FINDINGS.includes(severity)) findings++;
        }
      // Measured (2026-11-27), 30 drawings × 5 operations: 55 refused as drawings (11 a operation)
      // and 10 findings, where few exact colours alone (before flat fills counted) refused 25 and
      // let 14 findings through. The drawings left are shaded or small (a card's joker, an apple).
      expect(refusedAsDrawings).toBeGreaterThanOrEqual(55);
      expect(findings).toBeLessThanOrEqual(10);
    });
  });
});
