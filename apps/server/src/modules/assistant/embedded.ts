import { PERM, type AssistantLink, type HelpCard, type Locale } from '@study-crm/shared';
import type { AnswererImpl } from './answerer.js';
import { isDenied, type Asker, type AssistantData } from './data.js';
import { toHelpCard, type HelpIndex } from './help/help-index.js';
import type { HelpCardDef } from './help/types.js';
import { classify } from './intents.js';
import { bullets, formatAmount, isoDay, mdEscape, mdLink, safePath } from './markdown.js';
import { PHRASES } from './phrases.js';
import { matchStatuses } from './vocabulary.js';

export type Composed = { text: string; links: AssistantLink[]; cards: HelpCard[] };

// A help card's share of the question's words above which it is taken as the answer (below: "closest cards").
const CONFIDENT = 0.5;

// Status names in quotes, each linked to the list filtered by it.
const quote = (locale: Locale, rows: { label: string; path: string }[]) => {
  const linked = rows.map((r) => mdLink(r.label, r.path));
  if (locale === 'en-US') return linked.map((n) => `"${n}"`).join(' or ');
  return linked.map((n) => (locale === 'zh-CN' ? `“${n}”` : `「${n}」`)).join('、');
};

// The embedded answerer: exact figures through the permission-checked reads, or the help card of the screen that
// does what was asked. It never makes anything up: what it cannot answer it says so, with the closest cards.
export function createEmbeddedAnswerer(deps: { data: AssistantData; help: HelpIndex }) {
  const { data, help } = deps;
  const mayOpen = (asker: Asker) => (card: HelpCardDef) => card.perm === null || asker.perms.has(card.perm);

  function capabilities(asker: Asker): string {
    const p = PHRASES[asker.locale];
    const can = [
      asker.perms.has(PERM.applicationList) ? p.canAnswer.applications : null,
      p.canAnswer.deadlines,
      asker.perms.has(PERM.paymentList) ? p.canAnswer.payments : null,
      asker.perms.has(PERM.feedbackList) ? p.canAnswer.feedback : null,
      p.canAnswer.tasks,
      p.canAnswer.help,
    ].filter((x): x is string => x !== null);
    return `${p.capabilities}\n\n${bullets(can)}`;
  }

  function helpAnswer(asker: Asker, question: string): Composed {
    const p = PHRASES[asker.locale];
    const hits = help.search(question, mayOpen(asker), 3);
    const cards = hits.map((h) => toHelpCard(h.card, asker.locale));
    const top = hits[0];
    if (top && top.coverage >= CONFIDENT) {
      // The card's lines are the answer; the other cards found go along as related help.
      const t = top.card[asker.locale];
      const text = `${p.helpFound(t.title)}\n\n${bullets(t.body.split('\n'))}`;
      return { text, links: [{ label: t.title, path: top.card.path }], cards: cards.slice(1) };
    }
    if (cards.length) return { text: p.helpWeak, links: [], cards };
    return { text: `${p.helpNone}\n\n${capabilities(asker)}`, links: [], cards: [] };
  }

  async function applications(asker: Asker, question: string): Promise<Composed> {
    const p = PHRASES[asker.locale];
    const match = await matchStatuses(question, await data.statusEntries());
    const r = await data.applications(asker, match?.statuses ?? null);
    if (isDenied(r)) return { text: p.denied(p.deniedWhat.applications), links: [], cards: [] };
    const links = r.rows.map((row) => ({ label: `${p.link.applications} · ${row.label}`, path: row.path }));
    if (match) {
      const lines = [p.applicationsSome(r.total, quote(asker.locale, r.rows))];
      if (match.isCas && r.rows[0]) lines.push(p.casNote(r.rows[0].label));
      if (r.rows.length > 1)
        lines.push(bullets(r.rows.map((row) => `${mdLink(row.label, row.path)}: **${row.count}**`)));
      return { text: lines.join('\n\n'), links, cards: [] };
    }
    if (!r.total) return { text: p.applicationsNone, links: [], cards: [] };
    const list = bullets(r.rows.map((row) => `${mdLink(row.label, row.path)}: **${row.count}**`));
    return {
      text: `${p.applicationsAll(r.total)}\n\n${list}`,
      links: [{ label: p.link.applications, path: r.listPath }, ...links],
      cards: [],
    };
  }

  async function deadlines(asker: Asker, days: number): Promise<Composed> {
    const p = PHRASES[asker.locale];
    const r = await data.deadlines(asker, days);
    const links = [{ label: p.link.myTasks, path: r.tasksPath }];
    const head = `${p.deadlinesIntro(r.days, r.from, r.to)}\n\n${p.deadlinesMeaning}`;
    if (!r.todos.total && !r.tasks.total) return { text: `${head}\n\n${p.deadlinesNone(r.days)}`, links, cards: [] };
    const more = (total: number, shown: number) => (total > shown ? [p.andMore(total - shown)] : []);
    const todoLines = r.todos.first.map((t) => {
      const title = safePath(t.link) ? mdLink(t.title, t.link!) : mdEscape(t.title);
      return p.todoDue(isoDay(t.dueAt), title);
    });
    const taskLines = r.tasks.first.map((t) =>
      p.taskDue(t.dueDate ?? '', mdLink(t.title, r.tasksPath), p.taskStatus[t.status] ?? t.status),
    );
    const list = bullets([
      ...todoLines,
      ...more(r.todos.total, r.todos.first.length),
      ...taskLines,
      ...more(r.tasks.total, r.tasks.first.length),
    ]);
    return { text: `${head}\n\n${p.deadlinesCounts(r.todos.total, r.tasks.total)}\n\n${list}`, links, cards: [] };
  }

  async function payments(asker: Asker): Promise<Composed> {
    const p = PHRASES[asker.locale];
    const r = await data.pendingPayments(asker);
    if (isDenied(r)) return { text: p.denied(p.deniedWhat.payments), links: [], cards: [] };
    const links = [{ label: p.link.payments, path: r.listPath }];
    if (!r.currencies.length) return { text: p.paymentsNone, links, cards: [] };
    const lines = r.currencies.map((c) =>
      p.paymentsLine(
        mdLink(c.currency, c.path),
        `${c.currency} ${formatAmount(c.collectionMinor, c.digits)}`,
        c.collectionCount,
        `${c.currency} ${formatAmount(c.refundMinor, c.digits)}`,
        c.refundCount,
      ),
    );
    const perCurrency = r.currencies.map((c) => ({ label: `${p.link.payments} · ${c.currency}`, path: c.path }));
    return { text: `${p.paymentsIntro}\n\n${bullets(lines)}`, links: [...links, ...perCurrency], cards: [] };
  }

  async function feedback(asker: Asker): Promise<Composed> {
    const p = PHRASES[asker.locale];
    const r = await data.unansweredFeedback(asker);
    if (isDenied(r)) return { text: p.denied(p.deniedWhat.feedback), links: [], cards: [] };
    const links = [{ label: p.link.feedback, path: r.listPath }];
    if (!r.total) return { text: p.feedbackCount(0), links, cards: [] };
    const items = r.oldest.map((f) => mdLink(p.feedbackItem(f.name, isoDay(f.createdAt)), f.path));
    const more = r.total > items.length ? [p.andMore(r.total - items.length)] : [];
    return {
      text: `${p.feedbackCount(r.total)}\n\n${p.feedbackOldest}\n\n${bullets([...items, ...more])}`,
      links,
      cards: [],
    };
  }

  async function tasks(asker: Asker): Promise<Composed> {
    const p = PHRASES[asker.locale];
    const r = await data.myTasks(asker);
    const links = [{ label: p.link.myTasks, path: r.listPath }];
    if (!r.open) return { text: p.tasksNone, links, cards: [] };
    const parts = r.byStatus
      .map((s) => `${p.taskStatus[s.status] ?? s.status} ${s.count}`)
      .join(asker.locale === 'en-US' ? ', ' : '、');
    const items = r.first.map((t) =>
      p.taskItem(mdLink(t.title, r.listPath), p.taskStatus[t.status] ?? t.status, t.dueDate),
    );
    const more = r.open > items.length ? [p.andMore(r.open - items.length)] : [];
    return {
      text: `${p.tasksCount(r.open, parts, r.overdue)}\n\n${p.tasksNext}\n\n${bullets([...items, ...more])}`,
      links,
      cards: [],
    };
  }

  async function compose(asker: Asker, question: string): Promise<Composed> {
    const intent = classify(question);
    switch (intent.kind) {
      case 'applications':
        return applications(asker, question);
      case 'deadlines':
        return deadlines(asker, intent.days);
      case 'payments':
        return payments(asker);
      case 'feedback':
        return feedback(asker);
      case 'tasks':
        return tasks(asker);
      case 'capabilities':
        return { text: capabilities(asker), links: [], cards: [] };
      case 'help':
        return helpAnswer(asker, question);
    }
  }

  const answerer: AnswererImpl = {
    name: 'embedded',
    async answer(input, sink) {
      const r = await compose(input.asker, input.question);
      // Paragraph by paragraph, like a streamed answer.
      const parts = r.text.split(/(?<=\n\n)/);
      for (const part of parts) {
        if (input.signal.aborted) return;
        sink.delta(part);
      }
      if (r.links.length) sink.links(r.links);
      if (r.cards.length) sink.cards(r.cards);
    },
  };
  return { ...answerer, compose, helpAnswer };
}
export type EmbeddedAnswerer = ReturnType<typeof createEmbeddedAnswerer>;
