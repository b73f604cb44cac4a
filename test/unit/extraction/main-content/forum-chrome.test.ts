import { describe, expect, it } from 'vitest';
import { isPostChrome } from '../../../../src/extraction/main-content/forum-chrome.js';
import { extract } from './fixtures.js';

const sentence = (topic: string, n: number): string =>
  `Reply ${n} about ${topic} is written long enough to read as real prose with several clauses and details.`;

const threadUrl = 'https://forum.example.com/threads/which-lens-to-buy.123/';

function post(n: number): string {
  return `<article class="message message--post">
    <div class="message-user"><a class="username">member${n}</a><h5 class="userTitle">Well-known member</h5>
      <div class="message-userExtras"><dl><dt>Joined</dt><dd>Jan 1, 2010</dd><dt>Messages</dt><dd>4,321</dd></dl></div></div>
    <div class="message-content"><div class="bbWrapper">${sentence('lenses', n)} ${sentence('cameras', n)} ${sentence('tripods', n)}</div>
      <div class="message-signature">My gear: two bodies and far too many lenses</div></div>
    <div class="message-actionBar"><a href="#">Quote</a> <a href="#">Reply</a></div>
  </article>`;
}

function qaPost(type: 'Question' | 'Answer', n: number): string {
  return `<div class="${type.toLowerCase()}" itemscope itemtype="https://schema.org/${type}">
    <div class="js-voting-container"><div class="js-vote-count">${9000 + n}</div></div>
    <ul class="post-taglist"><li><a href="/tags/keyboard">keyboard-shortcuts</a></li><li><a href="/tags/explorer">windows-explorer</a></li></ul>
    <div class="s-prose" itemprop="text"><p>${sentence(type, n)} ${sentence('shortcuts', n)}</p></div>
    <div class="post-signature"><div class="user-info">asked by user${n} 1,234 gold badges</div></div>
    <div class="comments js-comments-container"><ul class="comments-list">
      <li class="comment" itemscope itemtype="https://schema.org/Comment"><span class="comment-copy" itemprop="text">Side remark ${n}: did you try rebooting first?</span></li>
    </ul></div>
  </div>`;
}

describe('per-post chrome on forum threads', () => {
  it('drops poster cards, signatures and tool rows but keeps the posts', () => {
    const notices = '<ul class="notices notices--block"><li>Scam alert: members are reminded never to send money to strangers.</li></ul>';
    const text = extract(`<main>${notices}<h1>Which lens to buy?</h1>${[1, 2, 3, 4, 5].map(post).join('')}</main>`, threadUrl);
    for (let i = 1; i <= 5; i++) expect(text).toContain(`Reply ${i} about lenses`);
    for (const chrome of ['Well-known member', '4,321', 'My gear', 'Quote', 'Scam alert']) expect(text).not.toContain(chrome);
  });

  it("reads the sign-in pitch Invision sets under a thread, in place of the reply form, as post chrome", () => {
    expect(isPostChrome('ipsType_center ipsPad cGuestTeaser')).toBe(true);
    expect(isPostChrome('ipsGrid_span6 cGuestTeaser_left')).toBe(true);
    expect(isPostChrome('ipsType_richText ipsContained')).toBe(false);
  });

  it("reads a thread's counts under its first post (views, replies, participants, last poster) as post chrome", () => {
    expect(isPostChrome('MessageCard__thread-info MessageCard__thread-info--content-visible')).toBe(true);
    expect(isPostChrome('MessageCard__content')).toBe(false);
  });

  it('drops poster cards repeated on every post of a page that declares nothing', () => {
    const text = extract(`<main><h1>Which lens to buy?</h1>${[1, 2, 3, 4, 5].map(post).join('')}</main>`, 'https://example.com/viewpage?id=7');
    expect(text).toContain('Reply 3 about lenses');
    expect(text).not.toContain('4,321');
    expect(text).not.toContain('My gear');
  });

  it('leaves "signature" blocks alone on pages that are not forums', () => {
    const body = `<main><h1>Our signature dishes</h1><p>${sentence('food', 1)} ${sentence('food', 2)}</p>
      <div class="signature">Signature pasta with truffle butter</div></main>`;
    expect(extract(body, 'https://restaurant.example.com/menu')).toContain('Signature pasta');
  });
});

describe('Q&A pages', () => {
  it('keeps the question and answers and drops the comment threads under them', () => {
    const body = `<div id="mainbar"><h1>How do I focus the file pane?</h1>${qaPost('Question', 0)}${[1, 2, 3].map((n) => qaPost('Answer', n)).join('')}
      <form id="post-form" class="post-form"><h2>Your Answer</h2><p>Thanks for contributing an answer! Please be sure to answer the question.</p></form>
      <div class="js-bottom-notice">Not the answer you're looking for? Browse other questions tagged windows.</div></div>`;
    const text = extract(body, 'https://qa.example.com/questions/42/how-do-i-focus-the-file-pane');
    expect(text).toContain('Question is written');
    for (let n = 1; n <= 3; n++) expect(text).toContain(`Reply ${n} about Answer`);
    for (const chrome of ['Side remark', 'gold badges', 'Thanks for contributing', 'Not the answer', '9001', 'keyboard-shortcuts']) expect(text).not.toContain(chrome);
  });

  it('keeps comments on forum pages that are not Q&A posts (the comments are the thread)', () => {
    const comments = [1, 2, 3, 4].map((n) => `<div class="comment"><p>${sentence('comments', n)} ${sentence('threads', n)}</p></div>`).join('');
    const text = extract(`<main><h1>Thread</h1><div class="comments">${comments}</div></main>`, threadUrl);
    for (let n = 1; n <= 4; n++) expect(text).toContain(`Reply ${n} about comments`);
  });
});
