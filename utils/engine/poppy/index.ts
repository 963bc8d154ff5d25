/** poppy.json → typed model and findings. Other modules import from here only. */
export { parsePoppy, type PoppyContext, type PoppyParse } from './parse';
export { POPPY_CODES } from './codes';
