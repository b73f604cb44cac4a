import { describe, expect, it } from 'vitest';
import { parseDocument } from '../../src/extraction/dom/dom.js';
import { removeBoilerplate } from '../../src/extraction/main-content/boilerplate.js';

function bodyOf(html: string): Element {
  return parseDocument(`<!doctype html><html><head><title>T</title></head><body>${html}</body></html>`).body as unknown as Element;
}

describe('forms a reader fills in', () => {
  it('drops a sign-up form with controls, keeps control-less forms and forms holding a paragraph', () => {
    const body = bodyOf(
      '<main><h1>Event rentals</h1><p>Tables, tents and lighting for every party.</p>' +
        '<form action="/subscribe"><label>Your city</label><select><option>Atlanta</option></select><span>Get our weekly deals</span><input type="email"><button>Go</button></form>' +
        '<form class="usertext"><div class="md"><p>A reader comment wrapped in a form without any control.</p></div></form>' +
        `<form action="/reply"><p>${'A post with a reply box under it, long enough to be a real paragraph of prose. '.repeat(2)}</p><textarea></textarea></form></main>`,
    );
    removeBoilerplate(body, { dropComments: false });
    const text = body.textContent ?? '';
    expect(text).toContain('Tables, tents');
    expect(text).not.toContain('Get our weekly deals');
    expect(text).toContain('reader comment wrapped');
    expect(text).toContain('reply box under it');
  });
});
