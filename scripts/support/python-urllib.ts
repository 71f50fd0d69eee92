/**
 * A POST from Python's urllib, as clinic integrations are often written: it sends its whole body
 * before it reads a byte of the answer, so a server that answers early and stops reading leaves it
 * with "Broken pipe" and no answer. Shared by the tests and `npm run faults`.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const URLLIB_POST = `
import json, sys, urllib.request, urllib.error
url, key, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
body = json.dumps({"image": "A" * size}).encode()
request = urllib.request.Request(url, data=body, headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"})
try:
    with urllib.request.urlopen(request) as response:
        print(response.status, "ok")
except urllib.error.HTTPError as error:
    print(error.code, json.loads(error.read())["error"]["code"])
except Exception as error:
    print("failed", type(error).__name__, error)
`;

/** POSTs `{"image": "AAAA…"}` of `imageChars` characters to `url` with `key`; resolves with "STATUS CODE" (e.g. "413 IMAGE_TOO_LARGE"), or "failed …". */
export async function postWithUrllib(url: string, key: string, imageChars: number): Promise<string> {
  const { stdout } = await promisify(execFile)('python3', ['-c', URLLIB_POST, url, key, String(imageChars)]);
  return stdout.trim();
}
