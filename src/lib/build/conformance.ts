/**
 * The build's gate (README "Contract conformance"): before a page is rendered from a backend
 * other than ours, the read part of `npm run conformance` holds it against the contract, and a
 * backend that does not conform stops the build with the failed cases. CONFORMANCE=off skips
 * it; npm start's own builds always do (server/build-site.ts). When it runs: buildEnv.conformance.
 */
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AstroIntegration } from 'astro'
import { buildEnv } from './env.ts'

/** astro.config.mjs: integrations: [..., conformance()] */
export function conformance(): AstroIntegration {
  let root = ''
  return {
    name: 'conformance',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root)
      },
      'astro:build:start': async ({ logger }) => {
        if (!buildEnv.conformance) return
        logger.info(`checking ${buildEnv.apiBase} against the contract first (CONFORMANCE=off skips)`)
        // Its own process, as `npm run conformance` runs: it reads the contract from the
        // server's modules, which the build itself never loads. The sign secret is the build's
        // (buildEnv.sign), inherited through the environment.
        const cli = join(root, 'scripts/conformance/cli.ts')
        const code = await new Promise<number | null>((resolve, reject) => {
          const child = spawn(process.execPath, [cli, '--base', buildEnv.apiBase, '--brief'], {
            cwd: root,
            stdio: ['ignore', 'inherit', 'inherit'],
          })
          child.on('error', reject)
          child.on('exit', resolve)
        })
        if (code !== 0)
          throw new Error(
            `站点构建已停止：API ${buildEnv.apiBase} 不符合门户的接口契约（报告见上）。` +
              '请修正后端，或用 CONFORMANCE=off 跳过检查。',
          )
      },
    },
  }
}
