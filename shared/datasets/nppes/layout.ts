import type { HeaderIndex } from '../../publishers/common/header';

function addressColumns(h: HeaderIndex, kind: 'Mailing' | 'Practice Location') {
  const p = `Provider Business ${kind} Address`;
  return {
    line1: h.require(`Provider First Line Business ${kind} Address`),
    line2: h.find(`Provider Second Line Business ${kind} Address`),
    city: h.require(`${p} City Name`),
    state: h.require(`${p} State Name`),
    postal: h.require(`${p} Postal Code`),
    country: h.find(`${p} Country Code (If outside U.S.)`),
    phone: h.find(`${p} Telephone Number`),
    fax: h.find(`${p} Fax Number`),
  };
}

/**
 * Column positions of the NPPES npidata file, looked up by header name once per file. Names are
 * the CMS ones (`Provider First Line Business Practice Location Address`, `..._n` suffixes for the
 * 15 taxonomy slots); optional columns that a layout lacks resolve to -1 and read as empty.
 */
export function layout(h: HeaderIndex) {
  const taxonomies = [];
  for (let i = 1; i <= 15; i++) {
    const code = h.find(`Healthcare Provider Taxonomy Code_${i}`);
    if (code < 0) break;
    taxonomies.push({
      slot: i,
      code,
      license: h.find(`Provider License Number_${i}`),
      licenseState: h.find(`Provider License Number State Code_${i}`),
      primary: h.find(`Healthcare Provider Primary Taxonomy Switch_${i}`),
      group: h.find(`Healthcare Provider Taxonomy Group_${i}`),
    });
  }
  return {
    npi: h.require('NPI'),
    entity: h.require('Entity Type Code'),
    replacement: h.find('Replacement NPI'),
    ein: h.find('Employer Identification Number (EIN)'),
    org: h.require('Provider Organization Name (Legal Business Name)'),
    last: h.require('Provider Last Name (Legal Name)'),
    first: h.require('Provider First Name'),
    middle: h.find('Provider Middle Name'),
    prefix: h.find('Provider Name Prefix Text'),
    suffix: h.find('Provider Name Suffix Text'),
    credential: h.find('Provider Credential Text'),
    otherOrg: h.find('Provider Other Organization Name'),
    otherLast: h.find('Provider Other Last Name'),
    otherFirst: h.find('Provider Other First Name'),
    mailing: addressColumns(h, 'Mailing'),
    practice: addressColumns(h, 'Practice Location'),
    enumeration: h.require('Provider Enumeration Date'),
    lastUpdate: h.find('Last Update Date'),
    deactReason: h.find('NPI Deactivation Reason Code'),
    deactivation: h.require('NPI Deactivation Date'),
    reactivation: h.require('NPI Reactivation Date'),
    sex: h.find('Provider Sex Code', 'Provider Gender Code'),
    aoLast: h.find('Authorized Official Last Name'),
    aoFirst: h.find('Authorized Official First Name'),
    aoTitle: h.find('Authorized Official Title or Position'),
    soleProprietor: h.find('Is Sole Proprietor'),
    subpart: h.find('Is Organization Subpart'),
    parentLbn: h.find('Parent Organization LBN'),
    certification: h.find('Certification Date'),
    taxonomies,
  };
}

export type Cols = ReturnType<typeof layout>;
