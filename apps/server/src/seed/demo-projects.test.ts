import { describe, expect, it } from 'vitest';
import type { KpiSummary, Page, Project } from '@study-crm/shared';
import { useTestApp } from '../test/signed-in.js';
import { seedDemoProjects } from './demo-projects.js';

describe('demo projects seed', () => {
  const t = useTestApp({ signIn: true });

  it('adds projects with full shares, tasks and a living KPI summary, and tops up only what is missing', async () => {
    expect(await seedDemoProjects(t.db.db, 3)).toBe(3);
    expect(await seedDemoProjects(t.db.db, 3)).toBe(0);
    expect(await seedDemoProjects(t.db.db, 4)).toBe(1);
    const projects = await t.get<Page<Project>>('/api/v1/cake/projects/list', {}, t.admin);
    expect(projects.data.total).toBe(4);
    // Only the administrator is staff here: one member at 40 %.
    expect(projects.data.list.every((p) => p.shareTotal <= 100)).toBe(true);
    const summary = await t.get<KpiSummary>('/api/v1/cake/contributions/kpiSummary', {}, t.admin);
    expect(summary.data.rows.length).toBeGreaterThan(0);
    expect(summary.data.rows[0]!.points).toBeGreaterThan(0);
  });
});
