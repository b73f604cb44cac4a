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

  it('drops a filter panel of checkbox fieldsets outside any form, keeps a fieldset holding a paragraph', () => {
    const box = (group: string, value: string) => `<div class="field"><input type="checkbox" id="${group}-${value}" name="${group}"><label for="${group}-${value}">${value}</label></div>`;
    const countries = ['Albania', 'Algeria', 'Andorra', 'Angola', 'Argentina', 'Armenia'];
    const text = textAfterBoilerplate(
      '<main><h1>Find a scholarship</h1><p>We manage more than two hundred programmes with participants from more than a hundred and eighty countries.</p>' +
        `<div class="panel"><fieldset><legend>I am a...</legend>${box('audience', 'Student')}${box('audience', 'Teacher')}</fieldset>` +
        `<fieldset><legend>Home Country</legend>${countries.map((country) => box('country', country)).join('')}</fieldset></div>` +
        `<fieldset><legend>Quiz</legend><p>${'Answer the question below after reading the passage: it is long enough to be a real paragraph. '.repeat(2)}</p><input type="radio" name="q"></fieldset>` +
        '<ul><li><a href="/p/1">Fulbright Foreign Student Programme</a></li><li><a href="/p/2">Gilman Scholarship</a></li></ul></main>',
      passesFor('article'),
    );
    expect(text).toContain('more than two hundred programmes');
    expect(text).toContain('Gilman Scholarship');
    expect(text).not.toContain('Home Country');
    expect(text).not.toContain('Andorra');
    expect(text).toContain('Answer the question below');
  });
});

describe("a control's caption", () => {
  it('drops a newsletter form whose consent label holds long paragraphs', () => {
    const consent =
      '<p>Ich willige darin ein, dass der Verband mir regelmäßig aktuelle Informationen im Bereich seiner Tätigkeiten zukommen lässt.</p>' +
      '<p>Ich bin mit der Verarbeitung meiner Daten nach Datenschutzerklärung einverstanden. Nach Anmeldung geht mir eine E-Mail zur Zustimmung zu.</p>';
    const text = textAfterBoilerplate(
      '<main><h1>Vorbereitungstagung</h1><p>Die bundesweite Vorbereitungstagung der Interkulturellen Woche findet im Februar online statt. Geplant sind Workshops zur Interkulturalität in der Öffentlichkeitsarbeit und den Alltagsaufgaben verschiedener Institutionen.</p>' +
        `<p>${'Die eigentliche Interkulturelle Woche wird vom 25. September bis 2. Oktober in vielen Städten durchgeführt. '.repeat(4)}</p>` +
        `<form class="form"><fieldset><label><input type="email" name="newsletterEmail"></label><div class="form-terms"><input type="checkbox" id="terms"><label for="terms">${consent}</label></div></fieldset><button type="submit">Senden</button></form></main>`,
      passesFor('article'),
    );
    expect(text).toContain('bundesweite Vorbereitungstagung');
    expect(text).not.toContain('Ich willige darin ein');
    expect(text).not.toContain('Nach Anmeldung');
  });
});
