import { defineSource } from '../module';
import { dacLinksFeed } from './feed';
import { source } from './source';

/** Doctors and Clinicians: the national file and the facility affiliations feed the provider links. */
export default defineSource({ source, datasets: [dacLinksFeed] });
