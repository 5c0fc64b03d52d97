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

  it('is all the container needs: inversify calls no other metadata function, and the browser build uses it', () => {
    // If an update of inversify starts reading inherited metadata or imports more of the polyfill, this fails.
    const sources = ['node_modules/@inversifyjs/core/lib', 'node_modules/@inversifyjs/container/lib'].flatMap((dir) =>
      fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js')).map((file) => fs.readFileSync(`${dir}/${file}`, 'utf8')),
    );
    const code = sources.join('\n');
    expect(code).toContain('getOwnReflectMetadata');
    expect(code).not.toMatch(/\b(getReflectMetadata|updateReflectMetadata)\b|Reflect\.(getMetadata|hasMetadata|metadata)\b/);
    expect([...code.matchAll(/import '(reflect-metadata[^']*)'/g)].map((m) => m[1])).toEqual(['reflect-metadata/lite']);
    expect(fs.readFileSync('vite.config.ts', 'utf8')).toContain("'reflect-metadata/lite': fileURLToPath(new URL('./src/adapters/reflectMetadataLite.ts'");
  });
});
