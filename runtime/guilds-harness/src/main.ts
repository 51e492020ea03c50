// guilds-harness: placeholder until the ops land.
process.stdout.write("");
