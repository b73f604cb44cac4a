import { describe, expect, it } from 'vitest';
import { removeAvatarInitials } from '../../../../src/extraction/main-content/avatar-initials.js';
import { bodyOf } from './fixtures.js';

const lines = (body: Element): string[] => (body.textContent ?? '').split('\n').map((line) => line.trim()).filter(Boolean);

describe("avatars drawn as a poster's initials", () => {
  it('go, by role="img" or an avatar class, however the class is numbered', () => {
    const body = bodyOf(`<ul>
      <li><span class="avatar-u40428-s" role="img" aria-label="Bigbre04">B</span>
      <a href="/t/1">Recipe App?</a></li>
      <li><div class="stamped-review-avatar-content">SB</div>
      <p>Boil off question: water vs wort.</p></li>
      <li><div role="img" class="avatar avatar--48">N</div>
      <p>Final gravity misses high.</p></li></ul>`);
    removeAvatarInitials(body);
    expect(lines(body)).toEqual(['Recipe App?', 'Boil off question: water vs wort.', 'Final gravity misses high.']);
  });

  it('leave an emoji drawn as an image, a photo avatar\'s name and letters that are no picture', () => {
    const body = bodyOf(`<p>Cheers <span role="img" aria-label="beer">🍺</span></p>
      <div class="avatar-name">Yooper</div><p>Grade <b>A</b></p><td class="size">XL</td>`);
    removeAvatarInitials(body);
    const text = body.textContent ?? '';
    for (const kept of ['🍺', 'Yooper', 'Grade A']) expect(text).toContain(kept);
  });
});
