import { Type, type Static, type TSchema } from 'typebox';

/** Every site-API response: code 0 is success, anything else carries a Chinese message. */
export interface Envelope<T> {
  code: number;
  result: T | null;
  message: string;
}

export const SUCCESS_CODE = 0;
/** A refusal the client shows as a friendly reminder (spec section 8). */
export const REMINDER_CODE = 100;

export const envelopeOf = <T extends TSchema>(result: T) =>
  Type.Object({ code: Type.Integer(), result: Type.Union([result, Type.Null()]), message: Type.String() });

export const ErrorEnvelope = Type.Object({ code: Type.Integer(), result: Type.Null(), message: Type.String() });
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
