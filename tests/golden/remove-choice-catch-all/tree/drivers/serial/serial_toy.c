int toy;
