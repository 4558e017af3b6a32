import { z } from '@hono/zod-openapi';
import { type DossierBlock, type DossierRead, dossierBlockSchema, readerOf } from './dossier-block';
import { directoryDataset, readDirectory } from './licenses/directory';
import { VerifyAtSchema } from './licenses/license-schemas';
import { heldFor, licenseRowsOf, stateLicensesDataset } from './licenses/reads';
import { PROFESSIONS } from './licenses/rows';

const LicenseIntelligenceSchema = z.object({
  licenses: z.array(
    z.object({
      state: z.string(),
      license_number: z.string(),
      license_type: z.string().nullable(),
      profession: z.enum(PROFESSIONS),
      status: z.string().nullable(),
      expiration_date: z.string().nullable(),
      has_public_action: z.boolean(),
      disciplinary_actions: z.number().int(),
      latest_action_date: z.string().nullable(),
      verify_at: VerifyAtSchema,
    }),
  ),
  disciplinary_actions: z.number().int(),
  states_held: z.array(z.string()).openapi({ description: 'States whose board files are held and in force.' }),
});

export type LicenseIntelligence = z.infer<typeof LicenseIntelligenceSchema>;

export const LicenseBlockSchema = dossierBlockSchema(
  LicenseIntelligenceSchema,
  '`license_intelligence`: the state board licences and disciplinary actions tied to the NPI in the held state files (WA, CO, NY; see /licenses/{npi} for the NPPES-registered licences of other states and the match rule), each with where to verify.',
);

/**
 * The dossier's `license_intelligence` block: the licence and directory heads, the NPI's board rows
 * (one index entry per version in force, in the dossier's batched get); the directory (a few dozen
 * entries) comes from the process's listing cache (its read on a cold process). `data` is null
 * only when no state file is in force; an NPI no held file lists is empty lists.
 */
export const licenseRead: DossierRead<DossierBlock<LicenseIntelligence>> = {
  views(_deps, date) {
    return [
      { dataset: stateLicensesDataset(), date },
      { dataset: directoryDataset(), date },
    ];
  },
  lookups([licenses], npi) {
    return licenses!.versions.length
      ? [{ dataset: licenses!.dataset, index: 'npi', keys: [npi], versions: licenses!.versions }]
      : [];
  },
  async finish(deps, npi, [licenses, directory], [found]) {
    const views = { licenses: licenses!, directory: directory! };
    const gaps = [...views.licenses.gaps, ...views.directory.gaps];
    if (!views.licenses.versions.length) return { sources: views.directory.sourceVersions(), gaps, data: null };
    const rows = licenseRowsOf(views.licenses, found?.get(npi) ?? []);
    const dir = await readDirectory(deps, views.directory);
    const byKey = new Map<string, LicenseIntelligence['licenses'][number]>();
    let actions = 0;
    for (const { value: r } of rows) {
      let e = byKey.get(r.license_key);
      if (!e) {
        e = {
          state: r.state,
          license_number: r.license_number,
          license_type: r.license_type,
          profession: r.profession,
          status: null,
          expiration_date: null,
          has_public_action: false,
          disciplinary_actions: 0,
          latest_action_date: null,
          verify_at: dir.verifyAt(r.state, r.profession, heldFor(r.state, r.profession)),
        };
        byKey.set(r.license_key, e);
      }
      if (r.kind === 'license') {
        e.status = r.status;
        e.expiration_date = r.expiration_date;
        e.license_type = r.license_type;
      } else {
        actions++;
        e.disciplinary_actions++;
        if (r.action_date && (!e.latest_action_date || r.action_date > e.latest_action_date))
          e.latest_action_date = r.action_date;
      }
      e.has_public_action ||= r.has_public_action;
    }
    const statesHeld = [
      ...new Set(views.licenses.versions.map((v) => v.source_id.replace(/^state_licenses_/, '').toUpperCase())),
    ].sort();
    return {
      sources: [...views.licenses.sourceVersions(), ...views.directory.sourceVersions()],
      gaps,
      data: {
        licenses: [...byKey.values()].sort(
          (a, b) => a.state.localeCompare(b.state) || a.license_number.localeCompare(b.license_number),
        ),
        disciplinary_actions: actions,
        states_held: statesHeld,
      },
    };
  },
};

/** The block alone: two reads (the heads, the NPI's index entries), and the directory's on a cold process. */
export const licenseDossierBlock = readerOf(licenseRead);
