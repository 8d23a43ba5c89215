import {
  isMedicalChoice,
  isUcasChoice,
  MEDICAL_MAX_CHOICES,
  oxbridgeOf,
  TARGET_DEFAULT_DECISION,
  UCAS_MAX_CHOICES,
  type ChoiceRow,
} from './application-rules.js';

// The choice rules of a save (UCAS limits and replies), apart from application-rules.ts: only the application form
// and the server check them, so the web's list screens, which read application-rules.ts, do not load them.

// A refusal of the choice rules: the row and field it names, and its message key.
export type ChoiceIssue = { path: [number, string]; message: string };

// The rules a save must keep, per cycle (rows without a cycle count together): at most five UCAS choices, not both
// Oxford and Cambridge, at most four in medicine/dentistry/veterinary; one firm and one insurance reply, each on an
// offer, an insurance reply only beside a firm reply on a conditional offer (UCAS: an unconditional firm choice
// leaves no insurance); a decline only of a choice not pending or unsuccessful. The first row that breaks a rule is
// named; the issues come in row order.
export function choiceIssues(rows: readonly ChoiceRow[]): ChoiceIssue[] {
  const out: ChoiceIssue[] = [];
  const seen = new Map<
    string,
    {
      ucas: number;
      medical: number;
      oxbridge: string | null;
      firm: string | null;
      ins: number | null;
    }
  >();
  rows.forEach((r, i) => {
    const key = String(r.cycleId ?? '');
    const c = seen.get(key) ?? { ucas: 0, medical: 0, oxbridge: null, firm: null, ins: null };
    seen.set(key, c);
    if (isUcasChoice(r)) {
      c.ucas += 1;
      if (c.ucas === UCAS_MAX_CHOICES + 1) out.push({ path: [i, 'route'], message: 'v.ucasLimit' });
      const ox = oxbridgeOf(r);
      if (ox && c.oxbridge && c.oxbridge !== ox) out.push({ path: [i, 'school'], message: 'v.oxbridge' });
      else if (ox) c.oxbridge = ox;
      if (isMedicalChoice(r)) {
        c.medical += 1;
        if (c.medical === MEDICAL_MAX_CHOICES + 1) out.push({ path: [i, 'subjectArea'], message: 'v.medicalLimit' });
      }
    }
    if (r.reply === 'firm' || r.reply === 'insurance') {
      if (r.decision !== 'conditional' && r.decision !== 'unconditional')
        out.push({ path: [i, 'reply'], message: 'v.replyNeedsOffer' });
      else if (r.reply === 'firm' && c.firm) out.push({ path: [i, 'reply'], message: 'v.firmOnce' });
      else if (r.reply === 'insurance' && c.ins !== null) out.push({ path: [i, 'reply'], message: 'v.insuranceOnce' });
      else if (r.reply === 'firm') c.firm = r.decision;
      // The insurance row is checked against the cycle's firm reply once every row is read (either may come first).
      else c.ins = i;
    }
    const decision = r.decision ?? TARGET_DEFAULT_DECISION;
    if (r.reply === 'declined' && (decision === 'pending' || decision === 'unsuccessful'))
      out.push({ path: [i, 'reply'], message: 'v.declineNeedsOffer' });
  });
  for (const c of seen.values())
    if (c.ins !== null && c.firm !== 'conditional')
      out.push({ path: [c.ins, 'reply'], message: 'v.insuranceNeedsFirm' });
  return out.sort((a, b) => a.path[0] - b.path[0]);
}
