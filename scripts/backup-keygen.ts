// Prints a new age key pair for encrypted off-site backups: the public key for BACKUP_ENCRYPTION_KEY, the secret for restores.
import { generateIdentity, identityToRecipient } from 'age-encryption'

const identity = await generateIdentity()
const recipient = await identityToRecipient(identity)
// The layout of age-keygen's files, so the output saved as is serves as --key FILE for npm run restore (or for age -d).
process.stdout.write(`# created: ${new Date().toISOString()}\n# public key: ${recipient}\n${identity}\n`)
process.stderr.write(
  [
    '',
    'Save the three lines above (stdout) in a file kept OFF the server: a password manager, or a USB stick in a drawer.',
    'Without it no encrypted backup copy can be restored; with it anyone holding the bucket can read them.',
    `Put only the public key in the server's settings: BACKUP_ENCRYPTION_KEY=${recipient}`,
    'Restore with: npm run restore -- <copy> --key <that file>',
    '',
  ].join('\n'),
)
