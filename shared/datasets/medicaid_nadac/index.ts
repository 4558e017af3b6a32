import { defineSource } from '../module';
import { medicaidNadac } from './source';

export default defineSource({ source: medicaidNadac });
