import { describe, expect, it } from 'vitest';
import { removePostActions } from '../../../../src/extraction/main-content/post-actions.js';
import { bodyOf, extract } from './fixtures.js';

describe("a post's Reply control and poster badge", () => {
  const post = (n: number): string =>
    `<article class="post"><div class="poster"><a href="/members/m${n}">member${n}</a><span>Thread starter</span></div><div class="post-body"><p>Answer ${n}: the older lens focuses slower, but at f/8 on a tripod nobody can tell the two apart in a print.</p></div>` +
    `<div class="post-tools"><a href="/threads/lens.1/reply?quote=${n}" title="Reply, quoting this message"><span class="button-text">Reply</span></a></div></article>`;

  it('goes from a thread, where the same word inside a sentence stays', () => {
    const intro = '<p>Post your lens in a new thread; to answer one, press <a href="#answer">Reply</a> under it and keep it civil.</p>';
    const body = bodyOf(`<h1>Which lens to buy?</h1>${intro}${[1, 2, 3, 4].map(post).join('')}<p><a href="/reply">Reply With Quote</a></p>`);
    removePostActions(body);
    const text = (body.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Answer 4: the older lens');
    expect(text).toContain('press Reply under it');
    expect(text.match(/Reply/g)).toHaveLength(1);
    expect(text).not.toContain('Thread starter');
    expect(text).toContain('member4');
  });

  it('takes the posts\' numbers too on a thread, not on other pages, where "#3" may be a rank', () => {
    const numbered = (n: number): string => post(n).replace('<div class="post-body">', `<a class="permalink" href="#post-${n}">#${n}</a><div class="post-body">`);
    const thread = () => bodyOf(`<h1>Which lens to buy?</h1>${[1, 2, 3, 4].map(numbered).join('')}`);
    const onThread = thread();
    removePostActions(onThread, true);
    expect(onThread.textContent).not.toMatch(/#\d/);
    expect(onThread.textContent).toContain('Answer 4: the older lens');
    const elsewhere = thread();
    removePostActions(elsewhere);
    expect(elsewhere.textContent?.match(/#\d/g)).toHaveLength(4);
  });

  it('takes the posts\' numbers in the whole pipeline on a thread page', () => {
    const numbered = (n: number): string => post(n).replace('<div class="post-body">', `<a class="permalink" href="#post-${n}">#${n}</a><div class="post-body">`);
    const text = extract(`<main><h1>Which lens to buy?</h1>${[1, 2, 3, 4, 5].map(numbered).join('')}</main>`, 'https://forum.example.com/threads/which-lens.123/');
    expect(text).toContain('Answer 5: the older lens');
    expect(text).not.toMatch(/#\d/);
  });

  it("stays on a forum's index, where it counts a topic's answers", () => {
    const topic = (n: number): string =>
      `<li class="topic"><h3><a href="/topic/${n}/">Printer topic number ${n} about bearings and belts</a></h3><p>by member${n}</p>` +
      `<ul class="item-info"><li><strong>1</strong> <span class="label">reply</span></li><li><strong>${n}0</strong> <span class="label">views</span></li></ul></li>`;
    const text = extract(`<main><h1>Help and repair</h1><ul class="topics">${[1, 2, 3, 4, 5, 6].map(topic).join('')}</ul></main>`, 'https://forum.example.com/forum/6/help/');
    expect(text).toContain('Printer topic number 6');
    expect(text).toMatch(/\breply\b/);
  });
});
