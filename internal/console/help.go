package console

// Help is the grammar, printed by "help" and documented in the README.
const Help = `Console grammar (one command per line):
  NAME: /COMMAND [SUB] [option:value ...]   run a slash command as user NAME
                                           (@name fills a user option; quote values with spaces;
                                           "NAME": quotes a name with markdown or spaces)
  NAME: click LABEL|CUSTOM-ID              click a button NAME can see (newest first)
  NAME: select MENU VALUE[,VALUE]          pick from a select menu (MENU: placeholder or custom id;
                                           VALUE: entry label or value, "quoted" if it has a comma;
                                           a menu of users takes @name[,@name])
  NAME: submit TEXT                        fill in and send the form a click opened for NAME
                                           ("Type a move": TEXT is the move; "quoted" if it has spaces)
  NAME: autocomplete /COMMAND [SUB] option:partial
                                           list what Discord would suggest
  channel NAME       switch channel or thread (one game in each); channel dm: each user's DM with the bot.
                     A new game starts a thread (e.g. #hijack-1) and the console moves into it
  server NAME        run the next commands on server NAME (default: console), in its #general;
                     its channels show as #NAME.SERVER (channel NAME switches within it)
  wait DURATION      advance the clock (e.g. 30m, 25h, 2d); reminders fire; the clock is kept in the database
  restart            close and reopen everything from the database file
  dms NAME off|on    close or open NAME's direct messages
  manage NAME        give NAME the Manage Channels permission
  admin NAME         give NAME the Manage Server permission
  help               this text
  quit, exit         leave the console (as end of input does); the games stay saved
  # ...              a comment
The bot itself is @standoff.`
