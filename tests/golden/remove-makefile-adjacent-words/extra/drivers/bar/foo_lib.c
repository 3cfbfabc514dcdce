int fl;
