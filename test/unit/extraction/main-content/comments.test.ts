import { describe, expect, it } from 'vitest';
import { removeBoilerplate } from '../../../../src/extraction/main-content/boilerplate.js';
import { atThreadAddress } from '../../../../src/extraction/main-content/comments.js';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { mainText, OG_ARTICLE, pageOf, prose } from './fixtures.js';

describe('reader comments on pages declaring nothing', () => {
  const comments = `<div class="comments" id="comments"><h4>3 comments:</h4>${prose('what a reader thought', 4)}</div>`;

  it('drops the comments under the story, marked up or not', () => {
    const entry = pageOf(`<div class="post hentry"><h1>The lean startup</h1><div class="post-body entry-content">${prose('lean startups', 4)}</div></div>${comments}`);
    const text = mainText(entry, 'http://blog.example.com/2008/09/lean-startup.html');
    expect(text).toContain('Sentence 3 about lean startups');
    expect(text).not.toContain('what a reader thought');
    // Slashdot's markup: the story in a block of its own, its comments in another, nothing declared.
    const story = `<article class="fhitem fhitem-story"><h2 class="story">Apple shrinks its dock connector</h2><div class="body">${prose('the connector', 3)}</div></article>`;
    const thread = `<ul id="commentlisting">${Array.from({ length: 6 }, (_, i) => `<li class="comment"><a href="/~u${i}">u${i}</a>${prose(`reply ${i}`, 2)}</li>`).join('')}</ul>`;
    const slashdot = mainText(pageOf(story + thread), 'https://hardware.slashdot.org/story/12/07/24/152241/reports-say-apple-is-shrinking-its-docking-connector');
    expect(slashdot).toContain('Sentence 2 about the connector');
    expect(slashdot).not.toContain('reply 3');
  });

  it.each([
    ['an old Reddit thread', 'https://old.reddit.com/r/science/comments/1rku5x9/hair_follicles_grown/'],
    ['a Lemmy post', 'https://lemmy.ml/post/21018364'],
    ['an Invision board without friendly URLs', 'https://forums.example.com/index.php?/topic/356004-cast-iron-skillet/'],
    ['a Hacker News item', 'https://news.ycombinator.com/item?id=41234567'],
  ])("keeps them at a thread's own address: %s", (_, pageUrl) => {
    const document = pageOf(`<div class="post"><h1>Cast iron</h1>${prose('the question', 2)}</div>${comments}`);
    removeBoilerplate(document.body, passesFor('unknown'), { atThreadAddress: atThreadAddress(pageUrl) });
    expect(document.body.textContent).toContain('what a reader thought');
  });

  it('reads a thread address by its shape alone', () => {
    expect(atThreadAddress('https://example.com/post/2026-01-26-query-optimization')).toBe(false);
    expect(atThreadAddress('https://example.tumblr.com/post/29021369240/ccshiva')).toBe(false);
    expect(atThreadAddress('https://example.com/r/science/about/')).toBe(false);
    expect(atThreadAddress('not a url')).toBe(false);
  });

  it("drops the trackbacks other blogs left, as Movable Type and TypePad list them", () => {
    const trackback = (i: number) =>
      `<div class="trackback"><p><a href="http://blog${i}.example.com/sleep">Sleep, again</a> from Blog ${i}: ${prose(`another blog ${i}`, 1)}</p>` +
      `<p class="trackback-footer">Tracked on November 7, 2012 at 10:2${i} AM</p></div>`;
    const trackbacks =
      '<div class="trackbacks"><h3 class="trackbacks-header">TrackBack</h3><div class="trackbacks-info"><p>TrackBack URL for this entry:<br>' +
      'http://www.typepad.com/services/trackback/6a00d8341c57a853ef017ee3ad947e970d</p><p>Listed below are links to weblogs that reference ' +
      `Shuteye:</p></div><div class="trackbacks-content">${[1, 2, 3].map(trackback).join('')}</div></div>`;
    const entry = `<div class="entry-type-post entry"><h3 class="entry-header">Shuteye</h3><div class="entry-body">${prose('foam earplugs', 4)}</div></div>`;
    const text = mainText(pageOf(`<div id="alpha-inner">${entry}${trackbacks}</div>`), 'https://blog.example.com/shuteye/');
    expect(text).toContain('Sentence 3 about foam earplugs');
    expect(text).not.toMatch(/TrackBack URL|weblogs that reference|another blog 2/);
  });

  it('keeps the comment spans of highlighted code', () => {
    const code = `<pre><code><span class="hljs-comment"># stage every change</span>\ngit add .\n<span class="hljs-comment"># record them</span>\ngit commit</code></pre>`;
    const text = mainText(pageOf(`<article><h1>A brief intro to git</h1>${prose('git', 3)}${code}${prose('branches', 2)}</article>`, OG_ARTICLE), 'https://example.com/posts/git');
    expect(text).toContain('stage every change');
  });
});

describe('reader comments under a link post', () => {
  it('keeps the comments of a link post, whose story is a title and a link: they are the page', () => {
    // A lobste.rs / Hacker News thread: the story links away, the discussion is the content.
    const story = `<div class="story h-entry"><h1><a href="https://blog.rust-lang.org/goals">Rust project goals</a></h1><div class="byline">via <a href="/~ann">ann</a> 3 hours ago</div></div>`;
    const thread = Array.from({ length: 4 }, (_, i) => `<li class="comment"><div class="comment_text">${prose(`reply ${i}`, 1)}</div></li>`).join('');
    const page = (before: string) => `<ol class="stories"><li>${story}</li></ol>${before}<ol class="comments">${thread}</ol>`;
    const text = mainText(pageOf(page(''), OG_ARTICLE), 'https://lobste.rs/s/dwip3v/rust_project_goals');
    expect(text).toContain('Sentence 0 about reply 3');
    // With a story of its own (a real paragraph), the same comments are boilerplate under it.
    const withStory = mainText(pageOf(page(`<div class="story_text">${prose('the goals', 3)}</div>`), OG_ARTICLE), 'https://lobste.rs/s/dwip3v/rust_project_goals');
    expect(withStory).toContain('Sentence 2 about the goals');
    expect(withStory).not.toContain('reply 3');
  });
});

describe("a link post's thread against Readability's pick", () => {
  it('keeps every comment when Readability picks the longest one alone (WCXB 0575 at its own address)', () => {
    // lobste.rs' markup: nested replies, one long. Readability scores that one comment highest and keeps it alone,
    // which an article's share of our root let win. A link post's comments are its thread: the pick must hold a
    // thread's share (READABILITY_MIN_SHARE.forum).
    const long = (topic: string) => `<p>${Array.from({ length: 8 }, (_, k) => `Clause ${k} about ${topic}, with a comma, another comma, and more words to weigh`).join('. ')}.</p>`;
    const reply = (i: number, replies = '') => {
      const text = i === 2 ? long('reply 2') + long('reply 2 again') : `<p>A short reply about reply ${i}, with one comma and a few more words.</p>`;
      return `<li class="comments_subtree"><div class="comment"><div class="voters"><a class="upvoter" href="/login">${i}</a></div><div class="details"><div class="byline"><a href="/~user${i}">user${i}</a> <a href="/c/${i}"><time>1 year ago</time></a></div><div role="heading" aria-level="3" class="comment_text">${text}</div></div></div><ol class="comments">${replies}</ol></li>`;
    };
    const thread = [reply(0, reply(1)), reply(2, reply(3) + reply(4)), reply(5), reply(6, reply(7)), reply(8), reply(9, reply(10)), reply(11)].join('');
    const story = `<div class="story h-entry"><div class="details"><span class="link"><a class="u-url" href="https://blog.rust-lang.org/goals">Rust project goals</a></span><div class="byline">via <a href="/~ann">ann</a> 1 year ago</div></div></div>`;
    const body = `<ol class="stories"><li>${story}</li></ol><ol class="comments"><li class="comments_subtree" id="story_comments"><ol class="comments">${thread}</ol></li></ol>`;
    const text = mainText(pageOf(body, OG_ARTICLE), 'https://lobste.rs/s/dwip3v/rust_project_goals_for_2024');
    expect(text).toContain('Clause 7 about reply 2 again');
    expect(text).toContain('A short reply about reply 11');
    expect(text).toContain('A short reply about reply 0');
  });
});

describe('a live ticker', () => {
  it("keeps a match ticker's commentary named live-match-comment and drops the reader comments below it", () => {
    const minutes = Array.from({ length: 6 }, (_, i) => `<div class="live-match-comment"><div class="live-match-comment-time">${90 - i * 10}'</div><div class="live-match-comment-body">${prose(`minute ${90 - i * 10}`, 1)}</div></div>`).join('');
    const readers = `<div class="comments"><h4>Commentaires</h4>${prose('what a reader thought', 4)}</div>`;
    const text = mainText(pageOf(`<article><h1>Lorient - Lyon</h1><div class="live-match-comments">${minutes}</div>${readers}</article>`, OG_ARTICLE), 'https://sports.example.com/direct/lorient-lyon.html');
    expect(text).toContain('Sentence 0 about minute 40');
    expect(text).not.toContain('what a reader thought');
  });
});
