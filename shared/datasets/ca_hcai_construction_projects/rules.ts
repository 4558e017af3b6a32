import type { SignalCategory } from '../../signals/signal-rows';

/**
 * Why an HCAI project is a health-facility signal: every project in the report is one HCAI's
 * Office of Statewide Hospital Planning and Development (formerly OSHPD's Facilities Development
 * Division) reviews and inspects as the building department of California's hospitals, skilled
 * nursing facilities and some clinics. No keyword rule is needed (unlike a city permit feed).
 */
export const HEALTH_RULE = 'HCAI building jurisdiction: a project at a California licensed health facility';

const EXPANSION = /\b(ADDITION|ADDITIONS|EXPANSION|EXPAND|EXPANDED|NEW WING)\b/i;
const NEW_BUILDING =
  /\bNEW\s+CONSTRUCTION\b|\bNEW\s+(?:[\w-]+\s+){0,4}(HOSPITAL|TOWER|BUILDING|PAVILION|FACILITY|CAMPUS|PARKING STRUCTURE)\b/i;
const EQUIPMENT =
  /\b(MRI|CT|CT SCANNER|PET\/CT|PET-CT|LINEAR ACCELERATOR|LINAC|CATH LAB|CATHETERIZATION LAB|IMAGING EQUIPMENT|X-RAY|GENERATOR|GENERATORS|CHILLER|CHILLERS|BOILER|BOILERS|COOLING TOWER|AIR HANDLER|AIR HANDLING UNIT|AHU|HVAC|ELEVATOR|ELEVATORS|NURSE CALL)\b/i;
const DEMOLITION = /\b(DEMOLITION|DEMOLISH|DEMO OF)\b/i;
const RENOVATION =
  /\b(REMODEL|REMODELING|RENOVATION|RENOVATE|ALTERATION|ALTERATIONS|TENANT IMPROVEMENT|UPGRADE|UPGRADES|REPLACE|REPLACEMENT|REPAIR|RETROFIT|SEISMIC|CONVERSION|REFRESH|IMPROVEMENTS?)\b/i;

/**
 * HCAI project → signal category. The report names no project type or class (HCAI's building
 * classes, OSHPD 1 to 5, are properties of buildings, not columns of this report), so the category
 * is read from the scope of work, first rule that holds:
 * 1. `expansion`: an addition, expansion or new wing (`Two-story addition to the emergency department`);
 * 2. `new_construction`: new construction, or a new hospital, tower, building, pavilion, facility,
 *    campus or parking structure (`New 6-story patient tower`);
 * 3. `equipment`: imaging and therapy equipment (MRI, CT, PET/CT, linear accelerator, cath lab,
 *    X-ray) and building systems (generators, chillers, boilers, cooling towers, air handlers,
 *    HVAC, elevators, nurse call), as the Chicago feed counts elevators and wiring;
 * 4. `demolition`: demolition of a building or part of one;
 * 5. `renovation`: remodel, renovation, alteration, tenant improvement, upgrade, replacement,
 *    repair, seismic retrofit, conversion;
 * 6. `other`: anything else (fire-alarm testing, signage, site work, an empty scope).
 * The order makes `Seismic retrofit with a two-story addition` an expansion and `Emergency
 * generator replacement` equipment. `published_type` stays null: the report has no type label.
 */
export function categoryOf(scope: string | null): SignalCategory {
  const s = scope ?? '';
  if (EXPANSION.test(s)) return 'expansion';
  if (NEW_BUILDING.test(s)) return 'new_construction';
  if (EQUIPMENT.test(s)) return 'equipment';
  if (DEMOLITION.test(s)) return 'demolition';
  if (RENOVATION.test(s)) return 'renovation';
  return 'other';
}

/** The facility cell: `<facility number> - <NAME>`, then (next line of the same cell) the address. */
export interface FacilityCell {
  facility_number: string;
  name: string;
  /** The address line as printed, or null. */
  address_line: string | null;
}

/** Splits the facility cell, or null when it is not `<number> - <name>` (not the layout). */
export function facilityCell(raw: string): FacilityCell | null {
  const [first, ...rest] = raw.split(/\r?\n/);
  const m = /^\s*([0-9A-Z-]*[0-9][0-9A-Z]*)\s+-\s+(.+?)\s*$/i.exec(first ?? '');
  if (!m) return null;
  const address = rest.join(' ').replace(/\s+/g, ' ').trim();
  return { facility_number: m[1]!, name: m[2]!, address_line: address || null };
}

/** The address line split as `<street>, <city>, <ST> <ZIP>`; pieces it cannot place are null. */
export interface PlacedAddress {
  street: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}

export function placeAddress(line: string | null): PlacedAddress {
  if (!line) return { street: null, city: null, state: null, zip: null };
  const parts = line.split(',').map((p) => p.trim());
  const tail = /^([A-Z]{2})\s+(\d{5})(?:-\d{4})?$/i.exec(parts[parts.length - 1] ?? '');
  if (parts.length >= 3 && tail) {
    return {
      street: parts.slice(0, -2).join(', ') || null,
      city: parts[parts.length - 2] || null,
      state: tail[1]!.toUpperCase(),
      zip: tail[2]!,
    };
  }
  // Not the usual shape: the whole line is kept as the street, nothing is guessed.
  return { street: line, city: null, state: null, zip: null };
}
