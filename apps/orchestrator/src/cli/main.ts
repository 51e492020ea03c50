process.stdout.write("guilds\n");
