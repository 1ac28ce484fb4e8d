//! What can go wrong drawing: SDL (or the file system) refusing a call. An
//! error says what was being done, step within step, then SDL's own words:
//! `drawing the map: drawing the tile 'wall': <SDL's reason>`.

use crate::front::atlas::ImageError;

/// The drawing code's result.
pub type Result<T, E = DrawError> = std::result::Result<T, E>;

/// Why a frame, a window or a screenshot could not be made.
#[derive(Debug, thiserror::Error)]
pub enum DrawError {
    /// SDL (or the file system) refused: what was being done, and why.
    #[error("{doing}: {error}")]
    Refused {
        /// What was being done (`creating the window`).
        doing: String,
        /// What SDL said.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A step, and what failed within it (`drawing the map: ...`).
    #[error("{doing}: {error}")]
    Within {
        /// The step.
        doing: String,
        /// What failed within it.
        error: Box<DrawError>,
    },
    /// The frame drawn could not be read back as pixels.
    #[error("reading the frame back: {0}")]
    ReadBack(ImageError),
    /// A frame of another size than the screen's.
    #[error("the frame has {0} bytes, not 1600x900 RGBA")]
    FrameSize(usize),
    /// Something at the screenshot's path that is not a regular file.
    #[error("it is {kind}, not a regular file; nothing is written")]
    NotAFile {
        /// What it is (`a symbolic link`, `a FIFO`).
        kind: &'static str,
    },
    /// SDL_image names files by UTF-8 text only.
    #[error("SDL_image writes only to paths that are UTF-8 text")]
    PathNotText,
}

/// Names what was being done when a call outside the drawing code failed.
pub(crate) trait Doing<T> {
    /// `Err(e)` becomes [`DrawError::Refused`]: `doing: e`.
    fn doing(self, doing: impl Into<String>) -> Result<T>;
}

impl<T, E: std::error::Error + Send + Sync + 'static> Doing<T> for std::result::Result<T, E> {
    fn doing(self, doing: impl Into<String>) -> Result<T> {
        self.map_err(|error| DrawError::Refused { doing: doing.into(), error: Box::new(error) })
    }
}

/// Names the step a drawing error happened within.
pub(crate) trait Within<T> {
    /// `Err(e)` becomes [`DrawError::Within`]: `doing: e`.
    fn within(self, doing: impl Into<String>) -> Result<T>;
}

impl<T> Within<T> for Result<T> {
    fn within(self, doing: impl Into<String>) -> Result<T> {
        self.map_err(|error| DrawError::Within { doing: doing.into(), error: Box::new(error) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_error_names_each_step_then_the_reason() {
        let sdl: std::result::Result<(), std::io::Error> = Err(std::io::Error::other("no texture"));
        let tile = sdl.doing("drawing the tile 'wall'");
        let e = tile.within("drawing the map").unwrap_err();
        assert_eq!(e.to_string(), "drawing the map: drawing the tile 'wall': no texture");
        assert!(std::error::Error::source(&e).is_none(), "the words are all in the one line");
    }
}
