import { defineSource } from '../module';
import { ppefEnrollmentsFeed } from './feed';
import { source } from './source';

/** Medicare FFS enrollments: enrollment ID and PAC ID to NPI, feeding the provider enrollments. */
export default defineSource({ source, datasets: [ppefEnrollmentsFeed] });
