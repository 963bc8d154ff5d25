// D12: what the lens reads of an API description (OpenAPI 3.0/3.1, Swagger 2.0; JSON or YAML),
// and how a skill's operation is matched with and without the server's path.
import { describe, expect, it } from 'vitest';
import { definesOperation, readOpenApi } from '../../../utils/engine/lens';

const YAML_30 = `openapi: 3.0.3
info: { title: Shop, version: '1' }
servers:
  - url: https://api.shop.example/v2
paths:
  /orders/{id}:
    get: { operationId: getOrder, responses: { '200': { description: OK } } }
    parameters: []
`;

const SWAGGER = JSON.stringify({
  swagger: '2.0',
  basePath: '/api',
  paths: { '/carts/{cartId}/items': { post: { operationId: 'addItem' } }, '/carts': { get: {} } },
});

describe('readOpenApi', () => {
  it('reads OpenAPI 3.0 in YAML: operations, operationIds and the server path', () => {
    const api = readOpenApi(YAML_30)!;
    expect(api.operations.map((o) => `${o.method} ${o.path}`)).toEqual(['GET /orders/{id}']);
    expect([...api.operationIds]).toEqual(['getOrder']);
    expect(api.prefixes).toEqual(['/v2']);
    expect(definesOperation(api, 'GET', '/v2/orders/123')).toBe(true);
    expect(definesOperation(api, 'GET', '/orders/{order_id}')).toBe(true);
    expect(definesOperation(api, 'DELETE', '/orders/1')).toBe(false);
    expect(definesOperation(api, 'GET', '/orders')).toBe(false);
  });

  it('reads Swagger 2.0 with its basePath', () => {
    const api = readOpenApi(SWAGGER)!;
    expect(definesOperation(api, 'POST', '/api/carts/c1/items')).toBe(true);
    expect(definesOperation(api, 'POST', '/carts/:cartId/items')).toBe(true);
    expect(definesOperation(api, 'GET', '/api/carts')).toBe(true);
    expect(api.operationIds.has('addItem')).toBe(true);
  });

  it.each([
    ['not JSON or YAML', '{ nope'],
    ['no paths', '{"openapi": "3.1.0"}'],
    ['no version field', '{"paths": {}}'],
    [
      'a YAML bomb of aliases',
      `openapi: 3.0.0\npaths: {}\na: &a [x, x]\n${Array.from({ length: 200 }, (_, i) => `b${i}: [*a, *a]`).join('\n')}`,
    ],
  ])('is null for %s, never a throw', (_name, text) => {
    expect(readOpenApi(text)).toBeNull();
  });

  it('stops at the operations cap and says it is partial', () => {
    const paths = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/p${i}`, { get: {} }]));
    const api = readOpenApi(JSON.stringify({ openapi: '3.1.0', paths }), { operations: 10, yamlChars: 1000 })!;
    expect(api.operations).toHaveLength(10);
    expect(api.partial).toBe(true);
  });
});
