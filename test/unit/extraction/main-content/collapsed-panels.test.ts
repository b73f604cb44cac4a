import { describe, expect, it } from 'vitest';
import { removeBoilerplate } from '../../../../src/extraction/main-content/boilerplate.js';
import { passesFor } from '../../../../src/extraction/main-content/policy.js';
import { mainText, OG_ARTICLE, pageOf, prose } from './fixtures.js';

describe('collapsed accordion panels', () => {
  it('keeps the steps an article ships collapsed (display:none regions, hidden tab panels)', () => {
    const steps = Array.from(
      { length: 3 },
      (_, i) => `<div><a role="button" id="h${i}">Step ${i}</a></div><div style="display:none;" role="region" aria-labelledby="h${i}"><p>Step ${i} detail: ${'the installer checks the roof, the panel and the wiring before anything else is done. '.repeat(2)}</p></div>`,
    ).join('');
    const tab = `<div class="tab-pane" hidden><p>${'A tabbed section on financing the system, with loans, leases and cash purchases compared. '.repeat(2)}</p></div>`;
    const document = pageOf(`<article><h1>Your solar installation guide</h1>${prose('solar', 3)}${steps}${tab}</article>`, OG_ARTICLE);
    const text = mainText(document, 'https://example.com/solar/guide');
    expect(text).toContain('Step 2 detail');
    expect(text).toContain('financing the system');
  });

  it('still drops hidden blocks that are not panels', () => {
    const document = pageOf(`<article><h1>Guide</h1>${prose('solar', 3)}<div style="display:none"><p>${'A hidden sign-in prompt with a long explanation that nobody sees. '.repeat(3)}</p></div></article>`, OG_ARTICLE);
    const text = mainText(document, 'https://example.com/solar/guide');
    expect(text).not.toContain('hidden sign-in prompt');
  });
});

describe('collapsed panels on product pages', () => {
  it('keeps the description and shipping tabs a product page ships collapsed', () => {
    const document = pageOf(
      '<main><h1>Keyboard K2</h1><p>$139.99</p><ul><li>75% layout with wireless connectivity</li><li>Magnetic switches</li></ul>' +
        `<div class="description"><p>${'A compact board with hot-swappable magnetic switches and a solid aluminium frame. '.repeat(8)}</p></div>` +
        `<div class="accordion-content" style="display:none"><p>${'All orders are inspected by hand in our warehouse before they ship out. '.repeat(3)}</p></div>` +
        `<div role="tabpanel" hidden><p>${'Most orders ship within 24-48 hours; unused items may be returned within 14 days. '.repeat(3)}</p></div></main>`,
      '<meta property="og:type" content="product">',
    );
    const text = mainText(document, 'https://shop.example/keyboards/k2');
    expect(text).toContain('inspected by hand');
    expect(text).toContain('ship within 24-48 hours');
  });
});

describe('panels named by the button that opens them', () => {
  it('keeps a hidden panel a disclosure button controls, whatever its class, and still drops other hidden blocks', () => {
    const offerings = Array.from(
      { length: 3 },
      (_, i) =>
        `<h3><button aria-expanded="false" aria-controls=":r1:--panel:${i}">Offering ${i}</button></h3>` +
        `<section id=":r1:--panel:${i}" class="StyledPanel-sc-1piryze-0 kfKkET" aria-hidden="true"><p>Offering ${i} detail: ${'our team audits the controls, the policies and the tooling your company relies on. '.repeat(2)}</p></section>`,
    ).join('');
    const stray = `<div id="signin-nudge" aria-hidden="true"><p>${'A hidden sign-in prompt with a long explanation that nobody sees. '.repeat(3)}</p></div>`;
    const document = pageOf(`<article><h1>Security services</h1>${prose('security', 3)}${offerings}${stray}</article>`, OG_ARTICLE);
    const text = mainText(document, 'https://example.com/services/security');
    expect(text).toContain('Offering 2 detail');
    expect(text).not.toContain('hidden sign-in prompt');
  });

  it('keeps the hidden panel right after a disclosure button that names none (the heading holding it), not a menu a toggle in a header opens', () => {
    const sections = ['Cushioning', 'Weight', 'Drop'].map(
      (name) =>
        `<h3><button aria-expanded="false"><span>${name}</span></button></h3>` +
        `<div aria-hidden="true" hidden class="css-1k075w5"><p>${name} detail: ${'what the midsole foam does to comfort and ride over a long run on the road. '.repeat(2)}</p></div>`,
    ).join('');
    const menu = `<header><h1>How to buy running shoes</h1><button aria-expanded="false">More from the gear desk</button><ul hidden><li>${'Running shoes for the road and the trail, by brand. '.repeat(3)}</li></ul></header>`;
    const document = pageOf(`<article>${menu}${prose('shoes', 3)}${sections}</article>`, OG_ARTICLE);
    const text = mainText(document, 'https://example.com/gear/running-shoes');
    expect(text).toContain('Drop detail');
    expect(text).toContain('Cushioning detail');
    expect(text).not.toContain('by brand');
  });
});

describe('collapsed panels on listings', () => {
  it('keeps the buying guide a category page ships in closed accordions under its grid', () => {
    const tiles = Array.from({ length: 8 }, (_, i) => `<li class="tile"><a href="/product/tent-${i}"><h2>Trail tent ${i}</h2></a><span>$${199 + i}.00</span></li>`).join('');
    const guide = ['What capacity tent do you need?', 'Which season rating fits your trips?']
      .map((q, i) => `<button aria-expanded="false">${q}</button><div class="cdr-accordion__content_15-1-0 cdr-accordion--closed" aria-hidden="true"><p>Guide ${i}: ${'Tents vary in floor space and peak height, so count the people and the gear you carry. '.repeat(2)}</p></div>`)
      .join('');
    const document = pageOf(`<main><h1>Backpacking tents</h1><ul class="grid">${tiles}</ul><section><h2>Shopping guide</h2>${guide}</section></main>`);
    const text = mainText(document, 'https://shop.example/c/backpacking-tents');
    expect(text).toContain('Trail tent 7');
    expect(text).toContain('Guide 1: Tents vary in floor space');
  });
});

describe('the buttons that open panels', () => {
  it('keeps an FAQ question with its answer, and still drops a menu toggle and a short control', () => {
    const faq = ['Can I use my own vet for every visit?', 'How soon after enrolling can I claim?']
      .map((q, i) => `<h3><button aria-expanded="false" aria-controls="faq-${i}">${q}</button></h3><div id="faq-${i}" hidden><p>Answer ${i}: ${'Any licensed vet in the country will do, and claims are paid within days. '.repeat(2)}</p></div>`)
      .join('');
    const document = pageOf(
      `<header><button aria-expanded="false" aria-controls="menu">Open the site menu now</button></header>` +
        `<article><h1>Pet insurance</h1>${prose('pets', 3)}<button aria-expanded="false" aria-controls="more">Show more</button>${faq}</article>`,
      OG_ARTICLE,
    );
    const text = mainText(document, 'https://insure.example/pet-insurance');
    expect(text).toContain('Can I use my own vet for every visit?');
    expect(text).toContain('Answer 1: Any licensed vet');
    expect(text).not.toContain('Open the site menu');
    expect(text).not.toContain('Show more');
  });

  it('keeps an answer hidden under a question with no ARIA or telling names, and not a form or an empty toggle there', () => {
    const faq = ['What does pet insurance cover?', 'How much does pet insurance cost?']
      .map(
        (q, i) =>
          `<div class="sc-a1 x${i}"><div cursor="pointer" class="sc-b2">${q}</div><div height="0" style="visibility:hidden" class="sc-c3">` +
          `<p>Answer ${i}: ${'coverage depends on the plan you choose, from accidents to illnesses and routine care. '.repeat(2)}</p></div></div>`,
      )
      .join('');
    const priceForm =
      '<div><div>Where did you see a lower price?</div><div style="display:none"><form><p>Fields with an asterisk are required for the price match</p><label>Store name <input name="store"></label></form></div></div>';
    const toggle = '<div><div>Can I use my own vet?</div><div style="display:none"><span>Open</span></div></div>';
    const document = pageOf(`<main><h1>Compare pet insurance plans</h1>${prose('pets', 3)}${faq}${priceForm}${toggle}</main>`);
    const text = mainText(document, 'https://insure.example/pet-insurance');
    expect(text).toContain('What does pet insurance cover?');
    expect(text).toContain('Answer 1: coverage depends on the plan');
    expect(text).not.toContain('Fields with an asterisk');
    expect(text).not.toContain('Open');
  });
});

describe('an accordion button holding a heading', () => {
  it('keeps the question a heading inside a bare button writes (no ARIA), drops a headed-less button', () => {
    const faq = ['Do you deliver and set up rental equipment?', 'How far ahead should I book a bounce house?']
      .map((q, i) => `<div class="border-b"><button class="w-full py-6 flex" type="button"><h3 class="text-xl">${q}</h3><svg></svg></button><div class="answer-${i}" hidden><p>Answer ${i}: ${'we deliver, set up and take down every rental within the county at no extra cost. '.repeat(2)}</p></div></div>`)
      .join('');
    const document = pageOf(`<main><h1>Party rentals</h1>${prose('rentals', 3)}${faq}<button type="button">Add this rental to my cart now</button></main>`);
    const text = mainText(document, 'https://rentals.example/faq');
    expect(text).toContain('Do you deliver and set up rental equipment?');
    expect(text).toContain('How far ahead should I book a bounce house?');
    expect(text).not.toContain('Add this rental to my cart');
  });
});

describe('"Read more" expanders', () => {
  const whole = 'Our certificate programmes give you job-role training and formal workplace skills in fewer than three hours of active learning, all of it free.';
  it('keeps the hidden whole text and drops the truncated excerpt shown in its place', () => {
    const intro = `<p><span class="intro__more-outer"><span>${whole.slice(0, 70)}...</span><span class="intro__more">Read More</span></span><span class="intro__less-outer" style="display:none;">${whole} <span>Read Less</span></span></p>`;
    const document = pageOf(`<main><h1>Free online courses</h1>${intro}${prose('certificates', 3)}</main>`);
    const text = mainText(document, 'https://example.com/courses');
    expect(text).toContain('all of it free');
    expect(text).not.toContain(`${whole.slice(0, 70)}...`);
  });

  it('still drops a hidden block that no visible excerpt stands for', () => {
    const document = pageOf(`<main><h1>Free online courses</h1><p>${whole.slice(0, 30)}...</p><div style="display:none">${whole}</div>${prose('certificates', 3)}</main>`);
    const text = mainText(document, 'https://example.com/courses');
    expect(text).not.toContain('all of it free');
  });
});

describe('panels whose class says they are closed', () => {
  const review = (panelClass: string): string => {
    const tools = ['Ledgerly', 'Booksmith', 'Tallyhouse'].map(
      (name) =>
        `<h3>${name}</h3><p>${`${name} suits freelancers who invoice a handful of clients and want their books reconciled every month. `.repeat(2)}</p>` +
        `<div class="kt-accordion-pane"><h4><button class="kt-blocks-accordion-header" type="button">Monthly pricing</button></h4>` +
        `<div class="${panelClass}"><ul><li>Lite: $23 for one user at ${name}</li><li>Plus: $43 for one seat</li><li>Premium: $70 for one user</li></ul><p>Each additional ${name} seat costs $11 per month.</p></div></div>`,
    ).join('');
    return `<article><h1>The best accounting software for the self-employed</h1>${prose('accounting', 3)}${tools}</article>`;
  };

  it("keeps an accordion's panels that a class names hidden until opened (Readability weighs the word as chrome)", () => {
    const text = mainText(pageOf(review('kt-accordion-panel kt-accordion-panel-hidden'), OG_ARTICLE), 'https://example.com/blog/best-accounting-software');
    expect(text).toContain('Each additional Booksmith seat costs');
    expect(text).toContain('Lite: $23 for one user at Tallyhouse');
  });

  it('keeps the same panels open (the rule only undoes the closed state)', () => {
    const text = mainText(pageOf(review('kt-accordion-panel'), OG_ARTICLE), 'https://example.com/blog/best-accounting-software');
    expect(text).toContain('Each additional Booksmith seat costs');
  });

  it('takes only the closed state out, and only of a marked panel: not of a standfirst under a headline that asks', () => {
    const body = `<article><h1>Is an oxygen bar in Delhi selling fresh air?</h1><h2 class="pb10 hidden-xs">The brain behind this well-timed startup is said to be two founders from Delhi.</h2>${prose('oxygen', 4)}</article>`;
    const panel = '<div class="accordion-panel overflow-hidden is-hidden"><p>Opening hours and prices.</p></div>';
    const document = pageOf(body + panel, OG_ARTICLE);
    removeBoilerplate(document.body, passesFor('article'));
    expect(document.querySelector('h2')?.getAttribute('class')).toBe('pb10 hidden-xs');
    expect(document.querySelector('.accordion-panel')?.getAttribute('class')).toBe('accordion-panel overflow-hidden');
  });
});
