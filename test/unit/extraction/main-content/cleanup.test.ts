import { describe, expect, it } from 'vitest';
import { cleanContent } from '../../../../src/extraction/main-content/cleanup.js';
import { rootPassesFor } from '../../../../src/extraction/main-content/policy.js';
import { bodyOf, extract, OG_ARTICLE, runningShoeBlurb as blurb } from './fixtures.js';

describe('link lists', () => {
  it("keeps a list of item links inside Readability's pick on a listing", () => {
    const links = '<ul>' + Array.from({ length: 6 }, (_, i) => `<li><a href="/products/boot-${i}">Hiking boot ${i}</a></li>`).join('') + '</ul>';
    const text = extract(`<main><div class="content">${blurb.replace('</div>', `${links}</div>`)}</div></main>`, 'https://shop.example/collections/boots');
    expect(text).toContain('Hiking boot 5');
  });

  it('keeps the lists of a page that is a list of links though it declares an article', () => {
    const intro = '<p>This page lists programming languages by name, from the early days of computing to the languages of today.</p>';
    const list = (letter: string): string =>
      `<h2>${letter}</h2><ul>` + Array.from({ length: 12 }, (_, i) => `<li><a href="/wiki/${letter}${i}">${letter}-language number ${i}</a></li>`).join('') + '</ul>';
    const text = extract(
      `<article><h1>List of programming languages</h1>${intro}${list('A')}${list('B')}${list('C')}</article>`,
      'https://wiki.example/wiki/List_of_programming_languages',
      OG_ARTICLE,
    );
    expect(text).toContain('A-language number 0');
    expect(text).toContain('C-language number 11');
  });
});

describe('link lists of one item each', () => {
  it('drops a run of one-story lists (a "More:" box) and keeps a lone list of one link', () => {
    const story = (slug: string, title: string): string => `<ul><li><h4><a href="https://news.example/news/2019/10/${slug}">${title}</a></h4></li></ul>`;
    const more = `<h4>More:</h4>${story('talks', 'Politician sees talks as only hope')}${story('youth', 'Young people must be heard, envoy says')}${story('china', 'China invites officials for two-day talks')}`;
    const lone = '<ul><li><a href="https://news.example/statement.html">Read the full statement of the military</a></li></ul>';
    const body = bodyOf(`<h1>Helicopter crash</h1><p>${'Two service members were killed in a crash, the military said. '.repeat(6)}</p>${more}<p>${'The cause is under investigation. '.repeat(6)}</p>${lone}`);
    cleanContent(body, rootPassesFor('article'), 'readability', 'https://news.example/news/2019/11/crash');
    const text = body.textContent ?? '';
    expect(text).not.toContain('Young people must be heard');
    expect(text).not.toContain('More:');
    expect(text).toContain('Read the full statement of the military');
  });
});

describe('off-site link lists', () => {
  it("keeps a list of courses on other sites in an article, drops the site's own related-stories list", () => {
    const courses = '<ul>' + ['coursera.org', 'www.edx.org', 'learn.microsoft.com', 'udemy.com'].map((host, i) => `<li><a href="https://${host}/course/${i}">Free course ${i} on ${host}</a></li>`).join('') + '</ul>';
    const related = '<ul>' + Array.from({ length: 4 }, (_, i) => `<li><a href="https://www.blog.example/story-${i}">Our story ${i}</a></li>`).join('') + '</ul>';
    const body = bodyOf(`<h1>Free online courses</h1><p>${'These courses cost nothing and teach a trade. '.repeat(4)}</p>${courses}<p>${'Pick one and finish it before the next. '.repeat(4)}</p>${related}`);
    cleanContent(body, rootPassesFor('article'), 'readability', 'https://blog.example/free-courses');
    const text = body.textContent ?? '';
    expect(text).toContain('Free course 3 on udemy.com');
    expect(text).not.toContain('Our story 2');
  });
});

describe('paragraphs of links, one per line', () => {
  const intro = `<h1>Troops deployed</h1><p>${'The city saw another night of protests and arrests. '.repeat(14)}</p>`;
  const clean = (html: string, pageUrl: string): string => {
    const body = bodyOf(html);
    cleanContent(body, rootPassesFor('article'), 'readability', pageUrl);
    return body.textContent ?? '';
  };

  it("drops a paragraph of the site's other stories written as lines, keeps a sentence with links in it", () => {
    const stories = ['Leaders furious at the mayor over his protest jibe', 'League makes its final decision on the game amid turmoil', 'City threatened with military intervention, officials say'];
    const dontMiss = '<p>' + stories.map((title, i) => `<a href="/news/world/${i}/story">${title}</a> [<strong>INSIGHT]<br></strong>`).join('') + '</p>';
    const sentence = `<p>Officials <a href="/news/a">said</a> and <a href="/news/b">repeated</a> that talks would go on.</p>`;
    const text = clean(`${intro}${dontMiss}${sentence}`, 'https://news.example/news/world/1/troops');
    expect(text).not.toContain('final decision on the game');
    expect(text).toContain('that talks would go on');
  });

  it('keeps a paragraph and a list of links to documents the article hands out, though they sit on its own site', () => {
    const files = ['Climate-smart gardening course book', 'Facilitator notebook for the eight sessions', 'Handouts from the facilitator notebook', 'Companion presentation slides', 'Presenter notes for the companion presentation'];
    const downloads = '<p>' + files.map((name, i) => `<a href="/files/${i}-material.pdf">${name} (pdf)</a><br>`).join('') + '</p>';
    const forms = '<ul>' + files.map((name, i) => `<li><a href="/forms/${i}.docx">${name} form</a></li>`).join('') + '</ul>';
    const text = clean(`${intro}${downloads}${forms}`, 'https://garden.example/course');
    expect(text).toContain('Presenter notes for the companion presentation (pdf)');
    expect(text).toContain('Companion presentation slides form');
  });
});

describe('metadata lines', () => {
  it('drops a date line named so, keeps a heading whose anchor id spells "time" in its own text', () => {
    const body = bodyOf(
      `<div class="post-date">March 7, 2026</div><h2 id="1-2-when-is-the-best-time-to-go-to-japan-">2. When is the best time to go to Japan?</h2><p>${'Spring and autumn are mild and bright. '.repeat(4)}</p>`,
    );
    cleanContent(body, rootPassesFor('article'), 'own');
    const text = body.textContent ?? '';
    expect(text).not.toContain('March 7, 2026');
    expect(text).toContain('When is the best time to go to Japan?');
  });

  it("keeps each listed paper's authors (three names or more) and drops a story's byline of two and an author's blurb", () => {
    const paper = (title: string, authors: string): string =>
      `<dt><a href="/abs/${title.length}">${title}</a></dt><dd><div class="list-title">Title: ${title}</div><div class="list-authors">${authors}</div></dd>`;
    const body = bodyOf(
      `<dl>${paper('The Spike, the Sparse and the Sink', 'Shangwen Sun, Alfredo Canziani, Yann LeCun, Jiachen Zhu')}` +
        `${paper('Distributed Partial Information Puzzles', 'Yifan Zhu, Mariah Bradford, Kenneth Lai and Timothy Obiso')}` +
        `${paper('Learning to Plan', 'The Viet Bui, Wenjun Li, Yong Liu')}</dl>` +
        `<div class="article-authors">Jane Doe, John Roe</div>${blurb}` +
        `<div class="author-note">Kelia Reinoso is a writer at Tastewise, with more than five years of experience, in food and tech</div>`,
    );
    cleanContent(body, rootPassesFor('repeated'), 'own');
    const text = body.textContent ?? '';
    expect(text).toContain('Shangwen Sun, Alfredo Canziani, Yann LeCun, Jiachen Zhu');
    expect(text).toContain('Kenneth Lai and Timothy Obiso');
    expect(text).toContain('The Viet Bui, Wenjun Li, Yong Liu');
    expect(text).not.toContain('Jane Doe');
    expect(text).not.toContain('Kelia Reinoso');
  });

  it("keeps an index item's one-sentence description named \"meta\" and drops its date line; on a story the same shape goes", () => {
    const forum = (name: string, description: string): string =>
      `<li class="ipsDataItem"><h4 class="ipsDataItem_title"><a href="/forum/${name.length}">${name}</a></h4>` +
      `<div class="ipsType_richText ipsDataItem_meta"><p>${description}</p></div><div class="ipsDataItem_meta">December 11, 2025</div></li>`;
    const descriptions = ['From gadgets to goosedown, chat about it here.', 'Buy and sell personal gear.', 'All things abroad.'];
    const index = bodyOf(`<ol>${descriptions.map((description, k) => forum(`Forum ${k}`, description)).join('')}</ol>`);
    cleanContent(index, rootPassesFor('listing'), 'own');
    const kept = index.textContent ?? '';
    for (const description of descriptions) expect(kept).toContain(description);
    expect(kept).not.toContain('December 11, 2025');

    const story = bodyOf(`${blurb}<div class="author-meta"><p>Edward Russell is a senior reporter who joined the team in June 2019.</p></div>`);
    cleanContent(story, rootPassesFor('article'), 'own');
    expect(story.textContent ?? '').not.toContain('Edward Russell');
  });

  it('keeps a block named "meta" that holds a section heading: a card, not a byline', () => {
    const card = (heading: string, pitch: string): string => `<div class="hx-jss-meta-block"><h2>${heading}</h2><p>${pitch}</p></div>`;
    const body = bodyOf(
      `<div class="post-meta">By Jane Doe, March 5</div>${blurb}${card('Live TV', 'Explore channels and shows on every screen.')}${card('Sports', 'Always know where to watch your team.')}`,
    );
    cleanContent(body, rootPassesFor('unknown'), 'own', 'https://tv.example/learn/cable-tv');
    const text = body.textContent ?? '';
    expect(text).not.toContain('Jane Doe');
    expect(text).toContain('Live TV');
    expect(text).toContain('Always know where to watch your team.');
  });
});

describe('shop tiles named "caption"', () => {
  it('keeps a card caption holding the item heading, drops an image caption', () => {
    const body = bodyOf(
      '<ul>' +
        Array.from({ length: 4 }, (_, i) => `<li><div class="product-caption"><h3><a href="/p/${i}">Gear Bag ${i}</a></h3><span class="price">$21.00</span></div></li>`).join('') +
        '</ul><figure><img src="a.jpg" alt=""><div class="wp-caption-text">Photo of the warehouse</div></figure>',
    );
    cleanContent(body, rootPassesFor('listing'), 'own');
    const text = body.textContent ?? '';
    expect(text).toContain('Gear Bag 3');
    expect(text).not.toContain('Photo of the warehouse');
  });

  it('keeps card titles that are headings styled "caption", and a figure named so keeps its picture and loses its caption', () => {
    const body = bodyOf(
      '<ul>' +
        Array.from({ length: 4 }, (_, i) => `<li><a href="/listing/${i}"><h2 class="wt-text-caption listing-card__title">Leather wallet ${i}</h2></a><span>$21.00</span></li>`).join('') +
        '</ul><figure class="stat-caption"><img src="a.jpg" alt="A wallet"><figcaption>Photo of the workshop</figcaption></figure>',
    );
    cleanContent(body, rootPassesFor('listing'), 'own');
    const text = body.textContent ?? '';
    expect(text).toContain('Leather wallet 3');
    expect(body.querySelector('img')).not.toBeNull();
    expect(text).not.toContain('Photo of the workshop');
  });
});

describe('phrases inside sentences', () => {
  it('cuts a repeated label or a <time> that stands alone, never one with words on both sides (no "The is our favorite")', () => {
    const pick = (i: number) =>
      `<p>Watch ${i}: the <a href="/go/forerunner-970"><strong>Garmin Forerunner 970</strong></a> is our favorite for its features, appearance and price after months of testing on trails and roads.</p><div><a href="/share/${i}">Share on Pinterest</a></div>`;
    const body = bodyOf(
      `${pick(1)}${pick(2)}${pick(3)}<p>On <time datetime="2025-07-04">July 4, 2025</time>, the bill was signed into law with its tax changes.</p><p><time datetime="2025-07-05">July 5, 2025</time></p>`,
    );
    cleanContent(body, rootPassesFor('article'), 'readability');
    const text = (body.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Watch 3: the Garmin Forerunner 970 is our favorite');
    expect(text).not.toContain('Share on Pinterest');
    expect(text).toContain('On July 4, 2025, the bill was signed');
    expect(text).not.toContain('July 5, 2025');
  });

  it('keeps a repeated link between styled runs of one sentence, and cuts one between labels in spans', () => {
    const run = (text: string) => `<span style="font-weight: 400;">${text}</span>`;
    const pasted = (i: number) =>
      `<p>${run(`Tip ${i}: if you are wondering about microphones, you need my course `)}<a href="/psb">${run('Podcast Success Blueprint')}</a>${run('. It covers the gear, the room and the editing.')}</p>`;
    const tile = (i: number) => `<p>${run(`Rental price $${30 + i}.00`)}<a href="/info">${run('More details')}</a>${run(`With a package $${20 + i}.00`)}</p>`;
    const body = bodyOf(`${pasted(1)}${pasted(2)}${pasted(3)}${tile(1)}${tile(2)}${tile(3)}`);
    cleanContent(body, rootPassesFor('article'), 'readability');
    const text = (body.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Tip 3: if you are wondering about microphones, you need my course Podcast Success Blueprint. It covers');
    expect(text).not.toContain('More details');
  });

  it('keeps a repeated link that starts a sentence: it is the sentence\'s subject, not a label', () => {
    const deal = (i: number) => `<p><a href="/go/deal-${i}">The Black Friday campaign</a> offers ${10 * i}% off for new customers until the end of the month.</p>`;
    const body = bodyOf(`${deal(1)}${deal(2)}${deal(3)}`);
    cleanContent(body, rootPassesFor('article'), 'readability');
    const text = (body.textContent ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('The Black Friday campaign offers 30% off');
  });
});

describe('numbered figure captions', () => {
  it('keeps "Figure 3. …" that the text refers to and drops a photo caption and credit', () => {
    const body = bodyOf(
      '<p>If we choose the saturation point in Figure 3 as the batch size, latency stays flat.</p>' +
        '<figure><img src="f3.png" alt=""><figcaption>Figure 3. Inference latency vs token count on one GPU.</figcaption></figure>' +
        '<figure><img src="t.png" alt=""><figcaption>Table 2: Throughput by batch size</figcaption></figure>' +
        '<figure><img src="team.jpg" alt=""><figcaption>The team at the launch in March. Photo: Jane Roe</figcaption></figure>',
    );
    cleanContent(body, rootPassesFor('article'), 'readability');
    const text = body.textContent ?? '';
    expect(text).toContain('Figure 3. Inference latency vs token count');
    expect(text).toContain('Table 2: Throughput by batch size');
    expect(text).not.toContain('The team at the launch');
  });
});

describe('what a class naming "caption" or "credit" is', () => {
  it('keeps text set in a type-scale style (caption-s, caption-m) and drops a photo credit and a caption', () => {
    const body = bodyOf(
      '<p>Our lab publishes on retrieval, evaluation and the efficiency of language models.</p>' +
        '<ul><li><a href="/papers/1">Sparse retrieval at scale</a><p class="caption-s">Ada Byron, Alan Church</p><p class="caption-m">Retrieval</p></li></ul>' +
        '<figure><img src="lab.jpg" alt=""><span class="photo-credit">Photo by Jane Roe</span><div class="imageCaption">The lab in winter.</div></figure>',
    );
    cleanContent(body, rootPassesFor('article'), 'readability');
    const text = body.textContent ?? '';
    expect(text).toContain('Ada Byron, Alan Church');
    expect(text).toContain('Retrieval');
    expect(text).not.toContain('Photo by Jane Roe');
    expect(text).not.toContain('The lab in winter');
  });

  it('keeps a block whose class only holds "credit" inside a word (accreditations)', () => {
    const body = bodyOf(
      '<p>The school trains nurses and midwives in a three-year programme with placements in local hospitals.</p>' +
        '<div class="accreditations"><p>Accredited by the Nursing and Midwifery Council since 2004.</p></div>',
    );
    cleanContent(body, rootPassesFor('article'), 'readability');
    expect(body.textContent).toContain('Accredited by the Nursing and Midwifery Council');
  });

  it("keeps a quotation's attribution in its figure and drops a picture's caption", () => {
    const body = bodyOf(
      '<p>Customers moved their whole pipeline in a week and kept every report they had.</p>' +
        '<figure><blockquote><p>We cut our reporting time from days to minutes.</p></blockquote><figcaption>Maria Lopez, head of data at Acme</figcaption></figure>' +
        '<figure><img src="office.jpg" alt=""><figcaption>The Acme office in Lisbon.</figcaption></figure>',
    );
    cleanContent(body, rootPassesFor('article'), 'readability');
    const text = body.textContent ?? '';
    expect(text).toContain('Maria Lopez, head of data at Acme');
    expect(text).not.toContain('The Acme office in Lisbon');
  });
});

describe('a gallery whose text is its captions', () => {
  it('keeps captions holding most of the text (each slide of a gallery article), drops them beside an article', () => {
    const slide = (i: number): string =>
      `<div class="gallery-slide"><img src="s${i}.jpg" alt=""><div class="slide-caption">Costume idea ${i}: what you need is a bowler hat, a set of false lashes and a striped shirt from the back of your wardrobe.</div></div>`;
    const gallery = bodyOf(`<p>Cheap homemade costumes.</p>${Array.from({ length: 6 }, (_, i) => slide(i)).join('')}`);
    cleanContent(gallery, rootPassesFor('listing'), 'readability');
    expect(gallery.textContent).toContain('Costume idea 5: what you need');

    const article = bodyOf(
      `<p>${'The council voted on the new cycle lanes after a long debate about parking on the high street. '.repeat(4)}</p>${slide(1)}${slide(2)}`,
    );
    cleanContent(article, rootPassesFor('listing'), 'readability');
    expect(article.textContent).toContain('The council voted');
    expect(article.textContent).not.toContain('Costume idea 1');
  });
});

describe("a caption holding the page's declared description", () => {
  const summary = 'New York is the epicentre of the pandemic in the United States, and sport there has come to a standstill.';
  const page = (head: string): string =>
    extract(
      '<main><h1>Sport in times of the pandemic</h1><div class="player"><img src="still.jpg" alt=""></div>' +
        `<div class="item-caption"><p class="item-description">${summary}</p></div>` +
        `<p>${'The leagues have paused their seasons and the clubs pay their staff while the arenas stay empty. '.repeat(3)}</p>` +
        '<figure><img src="arena.jpg" alt=""><div class="wp-caption-text">An empty arena in Manhattan on a Sunday night.</div></figure></main>',
      'https://tv.example/sport/us-sport-pandemic.html',
      head,
    );

  it("keeps the video's description set under the player as a caption, and drops the photo's caption", () => {
    const text = page(`<meta name="description" content="${summary}">`);
    expect(text).toContain(summary);
    expect(text).not.toContain('An empty arena in Manhattan');
  });

  it('drops the same block when the page declares another description, or one too short to tell', () => {
    expect(page('<meta name="description" content="Everything about the leagues of North America: scores, fixtures and the stories behind them.">')).not.toContain(summary);
    expect(page('<meta property="og:description" content="New York">')).not.toContain('New York is the epicentre');
  });
});
