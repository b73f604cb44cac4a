import { describe, expect, it } from 'vitest';
import { extract } from './fixtures.js';

/** A PunBB forum index: each topic's linked heading sits in a link-dense block of its own, its counts beside it. */
const topics = [
  "Bearings don't fit ABS printed parts",
  'Print troubleshooting guide for beginners',
  'Cleaning out a clogged nozzle with a wire',
  "The plastic won't stick to the bed at all",
  'Set motor mode did not get an acknowledgement',
  'Press Ramps 1.4 conversion for the printer',
  'Need help setting up the printer for the first time',
  'Access to the serial port is denied on Windows',
];
const forumIndex = (): string =>
  '<div id="brd-main"><h1>Help, repair and maintenance</h1>' +
  '<p class="item-summary">Topics in this forum with details of <strong>replies</strong>, <strong>views</strong>, <strong>last post</strong>.</p>' +
  '<div class="main-content main-forum">' +
  topics
    .map(
      (topic, i) =>
        `<div id="topic${i}" class="main-item"><div class="item-subject">` +
        `<h3 class="hn"><span class="item-num">${i + 1}</span> <a href="/topic/${i}/">${topic}</a></h3>` +
        `<p><span class="item-starter">by <cite>member${i}</cite></span> <span class="item-nav">( <a href="/topic/${i}/page/1/">1</a> <a href="/topic/${i}/page/2/">2</a> )</span></p></div>` +
        `<ul class="item-info"><li class="info-replies"><strong>${i * 7 + 3}</strong> <span class="label">replies</span></li>` +
        `<li class="info-views"><strong>${(i + 2) * 1234}</strong> <span class="label">views</span></li>` +
        `<li class="info-lastpost"><span class="label">Last post</span> <strong><a href="/post/${i}/">2021-0${(i % 9) + 1}-1${i % 10} 17:33:2${i}</a></strong> <cite>by poster${i}</cite></li></ul></div>`,
    )
    .join('') +
  '</div></div>';

describe("a listing's item titles Readability's cleaning tore off", () => {
  it("puts each topic's title back at the head of what is left of its item, in order", () => {
    const text = extract(forumIndex(), 'https://www.example.com/boards/6/help/');
    // What Readability keeps of each item (its counts) must be there for the test to mean anything.
    expect(text).toContain(`${2 * 1234} views`);
    let previous = -1;
    topics.forEach((topic, i) => {
      const at = text.indexOf(topic);
      expect(at, topic).toBeGreaterThan(previous);
      // Each title leads its own counts, not another topic's.
      expect(text.indexOf(`${(i + 2) * 1234} views`)).toBeGreaterThan(at);
      previous = at;
    });
  });
});

/** A phpBB board index: each board's name is a bare link above its description, its counts and last post beside it. */
const boards = [
  ['General discussion about carpentry', 'Talk about any woodworking project you are building at home'],
  ['Where can I find the materials', 'Where to buy the timber, glue and tools used in the projects'],
  ['Homemade machines and their plans', 'Table saws, band saws and lathes built in a home workshop'],
  ['Jigs, fixtures and workshop tricks', 'Small helpers that make a cut more precise or safer'],
  ['Finishing, oils and varnishes', 'How to protect and colour wood once the building is done'],
  ['Guitar making and other lutherie', 'Necks, bodies and frets for the players among us'],
];
const boardIndex = (): string =>
  '<div id="page-body" class="page-body" role="main"><div class="forabg"><ul class="topiclist forums">' +
  boards
    .map(
      ([name, description], i) =>
        `<li class="row"><dl class="row-item forum_read"><dt title="No unread posts"><div class="list-inner">` +
        `<a href="./viewforum.php?f=${i + 3}" class="forumtitle">${name}</a><br>${description}</div></dt>` +
        `<dd class="topics">${i * 9 + 4} <dfn>Topics</dfn></dd><dd class="posts">${i * 31 + 17} <dfn>Posts</dfn></dd>` +
        `<dd class="lastpost"><span><dfn>Last post</dfn> <a href="./viewtopic.php?p=${i}" class="lastsubject">Re: question number ${i} about the board</a><br>` +
        `by <a href="./memberlist.php?u=${i}" class="username">member${i}</a><br>Wed Nov 0${i + 1}, 2025 5:5${i} am</span></dd></dl></li>`,
    )
    .join('') +
  '</ul></div></div>';

describe('item titles that are bare links', () => {
  it("puts back each board's name and description, which Readability dropped as link-dense, before its counts", () => {
    const text = extract(boardIndex(), 'https://www.example.com/woodworking/');
    // What Readability keeps of each board (its counts and last post) must be there for the test to mean anything.
    expect(text).toContain('Re: question number 2 about the board');
    boards.forEach(([name, description], i) => {
      const at = text.indexOf(name!);
      expect(at, name).toBeGreaterThan(-1);
      expect(text.indexOf(description!), description).toBeGreaterThan(at);
      expect(text.indexOf(`Re: question number ${i} about the board`)).toBeGreaterThan(at);
    });
  });
});
