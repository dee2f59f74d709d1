/* taikai shared phone: several people use one phone, and nothing goes out as the wrong person.
 * - Entries other people made here and have not sent: a notice says whose they are and that
 *   they wait for that person's sign-in, or for the desk (which can take them, kept as theirs).
 * - Sign-out: unsent entries of the person signing out are named and the person is asked;
 *   then the phone forgets who was signed in and drops its signed-in page copies, so a
 *   signed-out visitor offline sees no staff page and cannot record.
 * - Entries an older version queued without saying who: named as unknown, only the desk takes them.
 * - A page of one person drops the page copies kept for anyone else. */
(function () {
  'use strict';
  const O = () => window.TaikaiOutbox;
  const { el, t } = window.TaikaiDom;
  const USER_PAGES = /^taikai-pages-\d+-u(\d+)$/; // the service worker's per-person page copies

  async function dropPageCopies(keepId) {
    if (!window.caches) return;
    for (const name of await caches.keys()) {
      const m = USER_PAGES.exec(name);
      if (m && +m[1] !== keepId) await caches.delete(name);
    }
  }

  document.addEventListener('submit', async (ev) => {
    const form = ev.target;
    if (!form.matches || !form.matches('form[data-sign-out]') || form.dataset.confirmed) return;
    ev.preventDefault();
    const n = O() ? (await O().mineUnsent().catch(() => [])).length : 0;
    if (n && !window.confirm(t(
      `まだ送信していない記録が${n}件あります。ログアウトしても消えませんが、あなたが再びログインするか、本部が受け取るまでこの端末で待ちます。ログアウトしますか？`,
      `${n} of your entries are not sent yet. They are kept on this phone until you sign in again or the desk takes them. Sign out?`))) return;
    if (O()) await O().signOut().catch(() => {});
    await dropPageCopies(null).catch(() => {});
    form.dataset.confirmed = '1';
    form.submit();
  }, true);

  // Whose entries wait, in words; those an older version queued name nobody, and only the desk takes them.
  const said = (p) => (p.id == null
    ? t(`入力者不明の記録 ${p.ops.length}件: 以前の版のアプリで入力され、誰の入力か記録されていません。本部だけが受け取れます`,
      `Entered by someone unknown (${p.ops.length}): an older version of the app did not record who; only the desk can take them`)
    : t(`${p.name}さんの入力 ${p.ops.length}件: 送信には${p.name}さんのログインが必要です（または本部が受け取ります）`,
      `Entered by ${p.name} (${p.ops.length}): ${p.name} must sign in to send, or the desk takes it`));
  let drawing = false;
  async function notice() {
    if (!O() || drawing) return;
    drawing = true;
    try {
      const [people, who] = await Promise.all([O().waiting(), O().person()]);
      let box = document.getElementById('shared-phone');
      if (!people.length) { if (box) box.remove(); return; }
      if (!box) {
        box = el('section', { id: 'shared-phone', class: 'flash warn', role: 'status', 'data-testid': 'shared-phone' });
        (document.querySelector('main') || document.body).prepend(box);
      }
      box.replaceChildren(...people.map((p) => {
        const line = el('p', { 'data-person': p.id == null ? '' : String(p.id) }, said(p));
        if (who && who.desk) {
          line.append(' ', el('button', { type: 'button', class: 'btn', 'data-receive': p.id == null ? '' : String(p.id) },
            p.id == null ? t('本部が受け取る（入力者不明）', 'Desk takes them (name unknown)')
              : t(`本部が受け取る（${p.name}さんの記録として）`, `Desk takes them (kept as ${p.name}'s)`)));
        }
        return line;
      }));
    } finally { drawing = false; }
  }

  document.addEventListener('click', async (ev) => {
    const b = ev.target.closest && ev.target.closest('#shared-phone [data-receive]');
    if (!b || !O()) return;
    b.disabled = true;
    const answer = await O().receive(b.dataset.receive === '' ? null : +b.dataset.receive);
    b.disabled = false;
    if (answer !== true) {
      b.after(el('span', { class: 'rule', role: 'alert' }, ' ' + (answer || t('受け取れませんでした。通信を確認してもう一度', 'Could not take them: check the connection and try again'))));
    }
    notice();
  });

  async function start() {
    const me = document.querySelector('meta[name="taikai-user"]');
    if (me && me.content) dropPageCopies(+me.content).catch(() => {});
    notice();
  }
  document.addEventListener('taikai:outbox-changed', notice);
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
