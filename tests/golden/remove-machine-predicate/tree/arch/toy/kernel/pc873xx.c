int pc873xx;
