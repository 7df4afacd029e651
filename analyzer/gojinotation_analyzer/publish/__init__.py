"""Publishing: the replay view model and the HTML renderer with its templates."""
