import { describe, expect, it } from 'vitest';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { textAfterBoilerplate } from './fixtures.js';

describe('forms a reader fills in', () => {
  it('drops a sign-up form with controls, keeps control-less forms and forms holding a paragraph', () => {
    const text = textAfterBoilerplate(
      '<main><h1>Event rentals</h1><p>Tables, tents and lighting for every party.</p>' +
        '<form action="/subscribe"><label>Your city</label><select><option>Atlanta</option></select><span>Get our weekly deals</span><input type="email"><button>Go</button></form>' +
        '<form class="usertext"><div class="md"><p>A reader comment wrapped in a form without any control.</p></div></form>' +
        `<form action="/reply"><p>${'A post with a reply box under it, long enough to be a real paragraph of prose. '.repeat(2)}</p><textarea></textarea></form></main>`,
      passesFor('listing'),
    );
    expect(text).toContain('Tables, tents');
    expect(text).not.toContain('Get our weekly deals');
    expect(text).toContain('reader comment wrapped');
    expect(text).toContain('reply box under it');
  });
});
