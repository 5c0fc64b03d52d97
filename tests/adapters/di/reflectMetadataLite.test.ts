import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { installMetadataFunctions, type MetadataFunctions } from '../../../src/adapters/reflectMetadataLite';

/** The two functions, installed on an object of their own (the global Reflect already has the polyfill here). */
function installed(): Required<MetadataFunctions> {
  const reflect: MetadataFunctions = {};
  installMetadataFunctions(reflect);
  return reflect as Required<MetadataFunctions>;
}

describe('the reflect-metadata stand-in of the browser build', () => {
  it('keeps metadata per target, per property and per key, own only', () => {
    const reflect = installed();
    class Base {}
    class Derived extends Base {}
    reflect.defineMetadata('k', 1, Base);
    reflect.defineMetadata('k', 2, Base, 'name');
    reflect.defineMetadata('other', 3, Base);
    expect(reflect.getOwnMetadata('k', Base)).toBe(1);
    expect(reflect.getOwnMetadata('k', Base, 'name')).toBe(2);
    expect(reflect.getOwnMetadata('other', Base)).toBe(3);
    expect(reflect.getOwnMetadata('k', Derived)).toBeUndefined();
    expect(reflect.getOwnMetadata('k', {})).toBeUndefined();
    reflect.defineMetadata('k', 4, Base);
    expect(reflect.getOwnMetadata('k', Base)).toBe(4);
  });

  it('counts inversify binding ids as inversify does (read, then update on Object)', () => {
    const reflect = installed();
    const key = '@inversifyjs/container/bindingId';
    const next = () => {
      const id = (reflect.getOwnMetadata(key, Object) as number | undefined) ?? 0;
      reflect.defineMetadata(key, id + 1, Object);
      return id;
    };
    expect([next(), next(), next()]).toEqual([0, 1, 2]);
  });

  it('leaves functions already there alone', () => {
    const own = () => 'polyfill';
    const reflect: MetadataFunctions = { getOwnMetadata: own };
    installMetadataFunctions(reflect);
    expect(reflect.getOwnMetadata).toBe(own);
    expect(typeof reflect.defineMetadata).toBe('function');
  });

  it('is the only Reflect metadata inversify's container imports, and the browser build uses it', () => {
    // If inversify starts importing another entry of the polyfill, or calling more of it, this is where to look.
    const container = fs.readFileSync('node_modules/@inversifyjs/container/lib/index.js', 'utf8');
    expect(container).toContain("import 'reflect-metadata/lite';");
    const utils = fs.readdirSync('node_modules/@inversifyjs/reflect-metadata-utils/lib/reflectMetadata/utils');
    const calls = new Set(
      utils
        .filter((file) => file.endsWith('.js'))
        .flatMap((file) => [...fs.readFileSync(`node_modules/@inversifyjs/reflect-metadata-utils/lib/reflectMetadata/utils/${file}`, 'utf8').matchAll(/Reflect\.(\w+)/g)].map((m) => m[1])),
    );
    expect([...calls].sort()).toEqual(['defineMetadata', 'getMetadata', 'getOwnMetadata']);
    expect(fs.readFileSync('vite.config.ts', 'utf8')).toContain("'reflect-metadata/lite': fileURLToPath(new URL('./src/adapters/reflectMetadataLite.ts'");
  });
});
