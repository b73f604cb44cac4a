import { describe, expect, it } from 'vitest';
import { cleanContent } from '../../../../src/extraction/main-content/cleanup.js';
import { rootPassesFor } from '../../../../src/extraction/main-content/policy.js';
import { plainText } from '../../../../src/extraction/dom/text.js';
import { pageOf, paragraphs } from './fixtures.js';

/** Cleans `body` as Readability's pick on a page declaring an article. */
const cleanArticle = (body: Element): void => cleanContent(body, rootPassesFor('article'), 'readability', 'https://news.example.com/story');

describe('cleanContent furniture', () => {
  const cleaned = (blocks: string[]): string => {
    const document = pageOf(`${blocks.map((block) => `<p>${block}</p>`).join('')}${paragraphs('the story', 3)}`);
    cleanArticle(document.body);
    return plainText(document.body as never);
  };

  /** Cleans `junk` lines above a story: every line goes, the story stays. */
  const expectOnlyTheStoryLeft = (junk: string[]): void => {
    const text = cleaned(junk);
    for (const line of junk) expect(text).not.toContain(line);
    expect(text).toContain('sentence 2 about the story');
  };

  /** `junk` goes as expectOnlyTheStoryLeft says, and each of `kept`, cleaned above a story, stays. */
  const expectDroppedAndKept = (junk: string[], kept: string[]): void => {
    expectOnlyTheStoryLeft(junk);
    const text = cleaned(kept);
    for (const line of kept) expect(text).toContain(line);
  };

  it('drops lone date lines in several languages and a.m./p.m. datelines', () => {
    for (const line of ['October 06, 2018', 'sexta-feira, 22 de outubro de 2010 às 20:13', '18 Nov 2019, 19:09', '05/10/2018', 'Updated at 1:23 p.m.']) {
      expect(cleaned([line])).not.toContain(line);
    }
  });

  it('drops image copyright credits, author bios, newsletter pitches and widget labels', () => {
    const junk = [
      'Image copyright Getty Images',
      'Phil Helsel is a reporter for NBC News.',
      'Sign up to our newsletter for exclusive updates and enhanced content',
      'Click here to subscribe to The Paradigm Newsletter',
      'Comments',
      'Media playback is unsupported on your device',
    ];
    expectOnlyTheStoryLeft(junk);
  });

  it('drops lines about the article: wire credits, author contacts, disclosures, reading times, agency credits, gallery counters, shortcodes', () => {
    const junk = [
      '(Reporting by Greg Roumeliotis, with reporting by Herb Lash, editing by Martin Howell.)',
      'Have a tip? Amy K may be reached at amy@example.com. Follow her on Twitter @amyk.',
      'Email Tariq Malik at tmalik@example.com or follow him @tariqjmalik.',
      'This post may contain affiliate and/or referral links. Please see my disclosure page.',
      'Tempo de leitura: 2 minutos',
      '4 min read',
      'Sakib Ali/Hindustan Times/Getty Images',
      'Natalie Naccache | Bloomberg | Getty Images',
      'Getty Images / Daniela Duncan',
      'Advertisement - Page continues below',
      "$1,599.00 from Lowe's",
      'Read more »',
      'Read the review',
      'View company profile',
      'Add to wishlist',
      'Image 2 of 5',
      'Please scroll to the right for more info.',
      'SWIPE TO SEE MORE',
      '[button link="https://example.com/submit" type="big"] Send us YOUR review[/button]',
      'You may also like...',
      'Related articles:',
      'Read Next',
      'Similar threads',
      'Sign Up: Stay on top of the latest news! Sign up for our Email Newsletters here.',
    ];
    expectOnlyTheStoryLeft(junk);
  });

  it("drops prompts to sign in before the site lets the reader act, and keeps a tutorial's sign-in step", () => {
    expectDroppedAndKept(
      ['Create an account or sign in to comment', 'Log in to add games to your lists', 'Log in to set a price alert on this product.', 'Sign in to ride', 'Sign up to find 3,900+ jobs'],
      ['Sign in to GitHub and open the template repository.', 'Sign in for free shipping on every order.'],
    );
  });

  it("drops a script's failure notices asking for another try, and keeps a manual's sentence about one", () => {
    expectDroppedAndKept(
      [
        'Error rating book. Refresh and try again.',
        'There was a problem calculating your shipping. Please try again.',
        'Something went wrong. Please try your request again later.',
        "Sorry, we couldn't find a match for this location. Please try again.",
      ],
      ['Upon entering an incorrect password, sudo will replace the Sorry, try again. message with insults.', 'Try again tomorrow if the shop is closed.'],
    );
  });

  it('keeps a dateline\'s "(Reuters)" and sentences that mention an agency, an image or an e-mail', () => {
    const document = pageOf(`<p>NEW YORK (<span>Reuters</span>) - The attorney general is investigating the company, two people said.</p>
      <p>Getty Images said it had licensed the photo to the paper.</p><p>Reuters — the agency — said it would appeal.</p><p>Ad - free plans cost more. Members pay yearly.</p><p>$35 from Amazon is what we paid for it.</p><p>Read more about the council's plans on its site.</p><p>Readers can email the council at council@example.com.</p><p>Scroll multiple widgets as children of the parent view.</p>${paragraphs('the story', 3)}`);
    cleanArticle(document.body);
    const text = plainText(document.body as never);
    expect(text).toContain('NEW YORK (Reuters) - The attorney general');
    expect(text).toContain('Getty Images said it had licensed');
    expect(text).toContain('Reuters — the agency — said it would appeal.');
    expect(text).toContain('Ad - free plans cost more.');
    expect(text).toContain('$35 from Amazon is what we paid for it.');
    expect(text).toContain("Read more about the council's plans");
    expect(text).toContain('Readers can email the council');
    expect(text).toContain('Scroll multiple widgets as children');
  });

  it("drops a shop tile's badges, and keeps a section headed Best Sellers and sentences about a sale", () => {
    const tile = (n: number, badge: string) => `<li class="product"><span class="badge">${badge}</span><h3>Walnut desk number ${n}</h3><span class="price">$${100 + n}.00</span></li>`;
    const badges = ['Top Rated', 'New Arrival', 'Best Seller', 'Low Stock', 'Save 25%', '30% off', 'New', 'Sale!', 'Limited Edition', 'Sold out', 'Coming soon', 'In Stock', 'Out of Stock', 'Save $1,369.01', 'Save: $150.00 (13%)'];
    const document = pageOf(`<h2>Best Sellers</h2><ul>${badges.map((badge, n) => tile(n, badge)).join('')}</ul><p>The sale ends on Sunday, and new arrivals land every week.</p><p>Meanwhile shoppers can <strong><a href="/deal">save $100</a></strong> on the standing desks.</p>${paragraphs('the desks', 2)}`);
    cleanArticle(document.body);
    const text = plainText(document.body as never);
    for (const badge of badges) expect(text.split('\n')).not.toContain(badge);
    expect(text).toContain('Best Sellers');
    expect(text).toContain('Walnut desk number 10');
    expect(text).toContain('The sale ends on Sunday');
    // A bold link in a sentence is a phrase of it, not a badge: its <strong> has words on both sides.
    expect(text).toContain('shoppers can save $100 on the standing desks');
  });

  it("drops a label link standing on its own line between blocks (a post card's Read More), and keeps one inside a line of text", () => {
    const card = (n: number) =>
      `<article class="elementor-post"><h3><a href="/recipes/${n}">Risotto number ${n}</a></h3><div class="excerpt"><p>A risotto in the Milanese style, with saffron and marrow, number ${n} of the season.</p></div>` +
      `<a class="elementor-post__read-more" href="/recipes/${n}">Read More »</a></article>`;
    const document = pageOf(`<div>${card(1)}${card(2)}<div class="tile"><figure><img src="/mat.jpg" alt="Yoga mat"></figure><a href="/mats">Shop Now</a></div><p>Our cooks <a href="/more">read more</a> than they write, and it shows.</p></div>`);
    cleanArticle(document.body);
    const text = plainText(document.body as never);
    expect(text).not.toContain('Read More');
    expect(text).not.toContain('Shop Now');
    expect(text).toContain('number 2 of the season');
    expect(text).toContain('Our cooks read more than they write');
  });

  it("drops a table of contents' label left over the story without its entries, and keeps one over its links", () => {
    const alone = pageOf(`<h2>Table of Contents</h2>${paragraphs('the story', 3)}<div><p>In this article:</p></div>${paragraphs('the method', 2)}`);
    cleanArticle(alone.body);
    const text = plainText(alone.body as never);
    expect(text).not.toContain('Table of Contents');
    expect(text).not.toContain('In this article');
    expect(text).toContain('about the method');
    const listed = pageOf(`<h2>Table of Contents</h2><ul><li><a href="#a">Why indexes matter</a>: what an index buys a query and what it costs each write</li><li><a href="#b">Choosing a type</a>: B-tree, hash and GiST, and the queries each one serves</li></ul>${paragraphs('the story', 3)}`);
    cleanArticle(listed.body);
    expect(plainText(listed.body as never)).toContain('Table of Contents\nWhy indexes matter');
  });

  it('keeps sentences that merely mention a date, a newsletter or a reporter', () => {
    const prose = [
      'In March 2019 the council moved the market to the square.',
      'The newsletter, which he started in 2010, now reaches readers weekly.',
      'She said the reporter had asked the right questions.',
    ];
    const text = cleaned(prose);
    for (const line of prose) expect(text).toContain(line);
  });

  describe("a roundup's item names beside their pictures", () => {
    /** A roundup item: a photo linking to `href`, then a paragraph that is only a link (to `nameHref`) naming it, then a description. */
    const item = (i: number, href: string, nameHref = href, name = `Rustic Project Number ${i}`): string =>
      `<p><a href="${href}"><img src="/photo-${i}.jpg" alt=""></a></p><p><a href="${nameHref}">${name}</a></p>` +
      `<p>Project ${i} turns a few boards and an afternoon into a piece of furniture that will last for years.</p>`;
    const cleanedRoundup = (items: string): string => {
      const document = pageOf(`<div>${paragraphs('the roundup', 2)}${items}</div>`);
      cleanArticle(document.body);
      return plainText(document.body as never);
    };

    it('keeps a link paragraph that names the picture linking to the same address', () => {
      const text = cleanedRoundup([1, 2, 3].map((i) => item(i, `https://maker${i}.example/project-${i}/`)).join(''));
      for (const i of [1, 2, 3]) expect(text).toContain(`Rustic Project Number ${i}`);
    });

    it('still drops a link paragraph whose picture links elsewhere, or whose words are an address', () => {
      const elsewhere = cleanedRoundup(item(1, 'https://maker1.example/project-1/', 'https://shop.example/deal'));
      expect(elsewhere).not.toContain('Rustic Project Number 1');
      const address = cleanedRoundup(item(2, 'https://twitter.com/maker2', 'https://twitter.com/maker2', 'https://twitter.com/maker2'));
      expect(address).not.toContain('twitter.com/maker2');
      expect(address).toContain('Project 2 turns a few boards');
    });
  });

  describe('link paragraphs in list items', () => {
    const cleanedList = (items: string[]): string => {
      const document = pageOf(`<div>${paragraphs('the buying guide', 2)}<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>${paragraphs('the advice', 2)}</div>`);
      cleanArticle(document.body);
      return plainText(document.body as never);
    };

    it("keeps a link paragraph that is its list item's whole entry (where to buy a tool)", () => {
      const shops = ['Amazon (Craftsman)', 'Home Depot (Milwaukee)', 'Lowe’s (Klein Tools)'];
      const text = cleanedList(shops.map((shop, i) => `<p><a href="https://shop${i}.example/tool">${shop}</a></p>`));
      for (const shop of shops) expect(text).toContain(shop);
    });

    it("drops a link paragraph beside other text in its item (a reference's PubMed link)", () => {
      const text = cleanedList([1, 2].map((i) => `<p>Author ${i} et al. A study of sleep and memory in adults, volume ${i}.</p><p><a href="https://pubmed.example/${i}">PubMed</a></p>`));
      expect(text).toContain('A study of sleep and memory in adults, volume 2.');
      expect(text).not.toContain('PubMed');
    });
  });

  describe('post titles over their summaries', () => {
    /** An index of `count` posts, each a title paragraph (`titleClass`, its link `linkClass`) over a summary paragraph. */
    const index = (count: number, titleClass: string | null, linkClass = ''): string => {
      const titleAttribute = titleClass === null ? '' : ` class="${titleClass}"`;
      const linkAttribute = linkClass ? ` class="${linkClass}"` : '';
      return Array.from(
        { length: count },
        (_, i) => `<p${titleAttribute}><a href="/post-${i}"${linkAttribute}>Post title number ${i}</a></p><p class="summary">What post ${i} is about, told in one sentence.</p>`,
      ).join('');
    };
    const cleanedIndex = (posts: string): string => {
      const document = pageOf(`<div>${posts}</div>`);
      cleanArticle(document.body);
      return plainText(document.body as never);
    };

    it('keeps a run of like link paragraphs that each title the summary under them', () => {
      const text = cleanedIndex(index(4, 'blogtitle'));
      for (let i = 0; i < 4; i++) expect(text).toContain(`Post title number ${i}`);
      expect(text).toContain('What post 3 is about');
    });

    it('still drops link paragraphs that are too few, carry no class or are buttons', () => {
      for (const posts of [index(3, 'blogtitle'), index(4, null), index(4, 'button-wrapper'), index(4, 'blogtitle', 'btn primary')]) {
        const text = cleanedIndex(posts);
        expect(text).not.toContain('Post title number');
        expect(text).toContain('What post 2 is about');
      }
    });
  });
});
