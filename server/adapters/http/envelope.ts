import { SUCCESS_CODE, type Envelope } from '../../../src/protocol/codes';

export function ok<T>(result: T): Envelope<T> {
  return { code: SUCCESS_CODE, result, message: 'success' };
}

export function failure(code: number, message: string): Envelope<null> {
  return { code, result: null, message };
}
