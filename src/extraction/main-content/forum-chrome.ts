/**
 * Per-post chrome of forum threads and Q&A pages, as the common forum engines name it (XenForo,
 * phpBB, vBulletin, Invision, Stack Exchange and their kin): the poster's card beside each post
 * (title, join date, post count, badges, reputation) and the signature under it. Readers and
 * annotators keep the posts and, at most, the poster's name; this is repeated on every post and
 * so weighs heavily on a thread's text. Only applied to pages guessed to be forums: elsewhere
 * "signature" or "user-info" can name content.
 */

/** class/id words of a poster's card and signature; matched as whole words between -, _ and spaces. */
const POST_CHROME_WORDS = new RegExp(
  '(?:^|[\\s_-])(?:' +
    [
      'userextras', 'usertitle', 'userbanner', 'user-title', 'user-info', 'userinfo', 'user-details', 'user-stats',
      'postprofile', 'cauthorpane_info', 'author-stats', 'signature', 'signaturecontainer',
      // Per-post tool rows ("Reply", "Quote", "Like", "Share", "Report") and reaction lists.
      'actionbar', 'reactionsbar', 'post-menu', 'sharebuttons', 'quickreply', 'quick-reply', 'expandlink',
      // Q&A vote counters beside each post and the question's tag list.
      'voting-container', 'vote-count', 'votecell', 'post-taglist', 'taglist',
      // "Similar threads" boxes under the thread.
      'similar', 'similarcontents', 'similarthreads',
      // The thread's status line ("Thread starter … Start date …", "Pinned Locked Moved … 12 posts"); VerticalScope's
      // boards' counts under the first post ("2K views 2 replies 3 participants last post by …": WCXB dev 3 pages up,
      // unseen probe 3 and final 1, none down).
      'p-description', 'topic-info', 'thread-info', 'messageuserinfo',
      // Reply forms and the sign-in pitches that stand in for them ("You must log in to answer"); Invision writes
      // `cGuestTeaser` ("Register a new account", "Sign In Now" under every thread: WCXB dev 4 pages up, none down).
      'post-form', 'replyform', 'reply-form', 'bottom-notice', 'guestteaser', 'cguestteaser',
      // Board-wide announcement banners above every thread ("Scam alert", "Welcome to …").
      'notices',
    ].join('|') +
    ')(?:$|[\\s_-])',
  'i',
);

export function isPostChrome(names: string): boolean {
  return POST_CHROME_WORDS.test(names);
}

/** schema.org items that are a Q&A post: comments under them are remarks, not answers. */
const QA_POST_TYPE = /schema\.org\/(?:Question|Answer)\/?$/i;

/**
 * On a Q&A page the question and the answers are the content; the short comment threads under each
 * of them (Stack Exchange's "comments" lists) are asides that annotators leave out.
 */
export function isInsideQaPost(element: Element): boolean {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const type = parent.getAttribute('itemtype');
    if (type !== null && QA_POST_TYPE.test(type)) return true;
  }
  return false;
}
