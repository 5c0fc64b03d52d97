import { Type, type Static, type TSchema } from 'typebox';

// The envelope's type and codes live in ./codes, which carries no schema library.

export const envelopeOf = <T extends TSchema>(result: T) =>
  Type.Object({ code: Type.Integer(), result: Type.Union([result, Type.Null()]), message: Type.String() });

export const ErrorEnvelope = Type.Object({ code: Type.Integer(), result: Type.Null(), message: Type.String() });
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;
